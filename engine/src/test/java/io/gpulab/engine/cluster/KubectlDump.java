package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesListBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** What {@code kubectl get nodes,pods,resourcequotas,events -A -o yaml} writes: one v1 List of those objects. */
public final class KubectlDump {

    private KubectlDump() {
    }

    /** Dumps the API server behind {@code c} to {@code file}, with {@code extra} objects appended. */
    public static Path write(KubernetesClient c, Path file, HasMetadata... extra) throws IOException {
        List<HasMetadata> items = new ArrayList<>();
        items.addAll(c.nodes().list().getItems());
        items.addAll(c.pods().inAnyNamespace().list().getItems());
        items.addAll(c.resourceQuotas().inAnyNamespace().list().getItems());
        items.addAll(c.v1().events().inAnyNamespace().list().getItems());
        items.addAll(List.of(extra));
        Files.writeString(file, new KubernetesSerialization().asYaml(new KubernetesListBuilder().withItems(items)
                .build()));
        return file;
    }
}
