package io.gpulab.engine.cluster;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Nothing the backend exposes (snapshot, event log, config objects, traces) carries credentials. */
@EnableKubernetesMockClient(crud = true)
class ClusterCredentialsTest {

    KubernetesClient client;
    @TempDir
    Path dir;

    @Test
    void snapshotEventsTracesAndConfigObjectsHoldNoToken() throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir);
             ClusterBackend backend = ClusterBackend.connect(lab.options()
                     .withTenant("extra", KubeconfigRef.of(MockLab.writeKubeconfig(dir, "extra", lab.tenantB.url(),
                             MockLab.TOKEN_PREFIX + "extra"), null)))) {
            ObjectMapper json = new ObjectMapper().registerModule(new JavaTimeModule())
                    .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);
            StringBuilder dump = new StringBuilder();
            dump.append(json.writeValueAsString(backend.snapshot()));
            dump.append(json.writeValueAsString(backend.events()));
            dump.append(json.writeValueAsString(backend.trace("tenant-a", "default/gpu-pod-1")));
            dump.append(backend).append(backend.options()).append(backend.tenantLinks());
            dump.append(backend.snapshot()).append(backend.events());
            String all = dump.toString();
            assertTrue(all.contains("tenant-a-worker"), "the dump is not empty");
            assertTrue(all.contains("secret default/tenant-a-admin-kubeconfig key admin.conf"), all);
            assertTrue(all.contains(dir.resolve("management.kubeconfig").toString()), "paths are fine");
            assertFalse(all.contains(MockLab.TOKEN_PREFIX), "a token leaked: " + all);
            assertFalse(all.contains("apiVersion: v1\nkind: Config"), "kubeconfig content leaked");
        }
    }
}
