package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.NamespacedKubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * For looking at the workbench on the cluster backend by hand (not a test): the article lab's tenants on mock API
 * servers behind a management cluster holding Kamaji's objects ({@link KindShapedLab#withKamajiManifests}). Prints
 * the management kubeconfig's path, then changes the management cluster on commands read from stdin:
 * {@code etcd-down N}, {@code etcd-up N}, {@code node-lost NAME}, {@code tcp STATUS READY TENANT}, {@code quit}.
 * <pre>java -cp ... io.gpulab.engine.cluster.KamajiMockClusterMain DIR</pre>
 */
public final class KamajiMockClusterMain {

    private KamajiMockClusterMain() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createDirectories(Path.of(args.length > 0 ? args[0] : "gpulab-mock-cluster"));
        KubernetesMockServer server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(),
                new KubernetesCrudDispatcher(), true);
        server.init(java.net.InetAddress.getLoopbackAddress(), 0);
        NamespacedKubernetesClient m = server.createClient();
        try (KindShapedLab lab = KindShapedLab.withKamajiManifests(
                new io.gpulab.engine.scenario.ScenarioReader().load("article").lab(), m, dir)) {
            System.out.println(lab.managementKubeconfig.toAbsolutePath());
            System.out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            for (String line = in.readLine(); line != null && !"quit".equals(line.strip()); line = in.readLine()) {
                String[] w = line.strip().split("\\s+");
                try {
                    apply(m, w);
                    System.out.println("ok " + line);
                } catch (RuntimeException e) {
                    System.out.println("failed " + line + ": " + e);
                }
                System.out.flush();
            }
        } finally {
            m.close();
            server.destroy();
        }
    }

    @SuppressWarnings("unchecked")
    private static void apply(NamespacedKubernetesClient m, String[] w) {
        switch (w[0]) {
            case "etcd-down", "etcd-up" -> m.pods().inNamespace("kamaji-system").withName("kamaji-etcd-" + w[1])
                    .editStatus(p -> {
                        p.getStatus().getConditions().stream().filter(c -> "Ready".equals(c.getType()))
                                .forEach(c -> c.setStatus("etcd-up".equals(w[0]) ? "True" : "False"));
                        return p;
                    });
            case "node-lost" -> m.nodes().withName(w[1]).editStatus(n -> {
                n.getStatus().getConditions().forEach(c -> c.setStatus("Unknown"));
                return n;
            });
            case "tcp" -> {
                GenericKubernetesResource tcp = m.genericKubernetesResources(KamajiResources.TENANT_CONTROL_PLANE)
                        .inNamespace("default").withName(w[3]).get();
                Map<String, Object> status = (Map<String, Object>) tcp.getAdditionalProperties().get("status");
                Map<String, Object> res = (Map<String, Object>) status.get("kubernetesResources");
                ((Map<String, Object>) res.get("version")).put("status", w[1]);
                ((Map<String, Object>) res.get("deployment")).put("readyReplicas", Integer.parseInt(w[2]));
                m.genericKubernetesResources(KamajiResources.TENANT_CONTROL_PLANE).inNamespace("default")
                        .resource(tcp).update();
            }
            default -> throw new IllegalArgumentException("unknown command " + w[0]);
        }
    }
}
