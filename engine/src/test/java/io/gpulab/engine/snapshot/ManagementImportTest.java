package io.gpulab.engine.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.gpulab.engine.api.ControlPlaneView;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.ManagementView;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioReader;
import io.gpulab.engine.sim.SimBackend;
import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.codec.NodeRegistrationCodec;
import io.gpulab.scheduler.model.DeviceInfo;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code import snapshot --management}: a management cluster's {@code kubectl get tcp,datastores,nodes -A -o yaml}
 * becomes lab.management and each tenant's controlPlane, {@code run} accepts the result and its status reads as the
 * dump's, what cannot be imported is named with file and object, and no credential is copied.
 */
class ManagementImportTest {

    @TempDir
    Path dir;

    private Path management(String replace, String with) throws Exception {
        try (InputStream in = ManagementImportTest.class.getResourceAsStream("/kamaji/management-objects.yaml")) {
            String text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            Path f = dir.resolve("mgmt.yaml");
            Files.writeString(f, text.replace(replace, with));
            return f;
        }
    }

    private static Dump tenant(String name, String kubelet) {
        DeviceInfo card = new DeviceInfo("GPU-" + name, 0, 10, 24576, 100, "NVIDIA-NVIDIA L4", 0, "hami-core", true);
        return new Dump(name + ".yaml", List.of(new NodeBuilder().withNewMetadata().withName(name + "-worker")
                .withAnnotations(Map.of(HamiAnnotations.NODE_NVIDIA_REGISTER,
                        NodeRegistrationCodec.encodeJson(List.of(card)))).endMetadata().withNewStatus()
                .withCapacity(Map.of("cpu", new Quantity("8"), "memory", new Quantity("32Gi"),
                        "nvidia.com/gpu", new Quantity("10"))).withNewNodeInfo().withKubeletVersion(kubelet)
                .endNodeInfo().endStatus().build()), List.of(), List.of(), List.of(), List.of(), List.of());
    }

    private static Map<String, Dump> tenants() {
        Map<String, Dump> t = new LinkedHashMap<>();
        t.put("tenant-a", tenant("tenant-a", "v1.35.7"));
        t.put("tenant-b", tenant("tenant-b", "v1.35.2"));
        return t;
    }

    private static Scenario run(SnapshotImporter.Result r) throws Exception {
        return new ScenarioReader().read("s.yaml", new StringReader(ScenarioYaml.toString(r.scenario())), false);
    }

    @Test
    void theManagementDumpBecomesTheLabsKamajiHalfAndRunAcceptsIt() throws Exception {
        SnapshotImporter.Result r = SnapshotImporter.toScenario("s", tenants(),
                DumpReader.read(management("", "")));
        String yaml = ScenarioYaml.toString(r.scenario());
        Scenario s = run(r);
        assertEquals(List.of("kamaji-control-plane", "kamaji-worker"), s.lab().management().nodes().stream()
                .map(n -> n.name()).toList());
        assertEquals(List.of(4, 1), s.lab().management().nodes().stream().map(n -> n.cpu()).toList());
        assertEquals(List.of(8192, 3584), s.lab().management().nodes().stream().map(n -> n.memoryMiB()).toList());
        assertEquals("zone-b", s.lab().management().nodes().get(1).zone());
        assertEquals(List.of("kamaji-etcd-0", "kamaji-etcd-1", "kamaji-etcd-2"), s.lab().management().dataStores()
                .get(0).members().stream().map(m -> m.name()).toList());
        var a = s.lab().tenants().get(0).controlPlane();
        assertEquals("v1.35.7", a.version().text());
        assertEquals(2, a.replicas());
        assertEquals("3f1c9a52-7d0e-4a8b-9a43-2f0c8e1b7d11", a.uid());
        assertEquals(250, a.request("kube-apiserver").cpuMilli());
        assertTrue(s.lab().tenants().get(1).controlPlane().writePermissions().blockCreation());
        assertEquals("v1.35.2", s.lab().tenants().get(1).workers().get(0).kubeletVersion().text());

        assertFalse(yaml.contains("tlsConfig") || yaml.contains("kamaji-etcd-certs") || yaml.contains("secretReference"),
                "no credential, not even a Secret's name, is copied");
        assertFalse(yaml.contains("status:"), "the lab computes the status");
        String file = dir.resolve("mgmt.yaml").toString();
        assertTrue(r.skipped().stream().anyMatch(l -> l.matches("management: \\Q" + file + "\\E:\\d+: DataStore default "
                + "spec\\.tlsConfig: credentials are never imported")), r.skipped().toString());
        assertTrue(r.skipped().stream().anyMatch(l -> l.startsWith("management: " + file + ":") && l.endsWith(
                ": Node kamaji-worker status.allocatable.cpu: 1900m imported as 1 (lab.management.nodes count whole "
                + "cores)")), r.skipped().toString());
        assertTrue(r.skipped().stream().anyMatch(l -> l.contains(": Node kamaji-worker spec.unschedulable:")),
                r.skipped().toString());

        try (SimBackend sim = SimBackend.start(s.lab())) {
            LabSnapshot snap = sim.snapshot();
            ControlPlaneView ta = snap.tenant("tenant-a").orElseThrow().controlPlane();
            assertEquals("Ready", ta.phase(), "tenant-a reads as its dump: Ready");
            ManagementView.DataStoreView ds = snap.management().dataStores().get(0);
            assertEquals(List.of("default/tenant-a", "default/tenant-b"), ds.usedBy());
            assertEquals("/3f1c9a52-7d0e-4a8b-9a43-2f0c8e1b7d11/", ds.prefixes().get("tenant-a"),
                    "the key prefix is the TCP's UID, as in the cluster");
            String tb = snap.tenant("tenant-b").orElseThrow().controlPlane().phase();
            assertTrue(r.skipped().contains("management: TenantControlPlane tenant-b status.kubernetesResources.version"
                    + ".status: Upgrading in the dump, " + tb + " in the lab (the lab computes it from the spec and the "
                    + "management nodes; the cause of Upgrading is not in the dump)"), r.skipped().toString());
            assertTrue(r.skipped().stream().noneMatch(l -> l.contains("TenantControlPlane tenant-a status")),
                    "tenant-a's status is the dump's: nothing to say");
        }
    }

    @Test
    void aTenantDumpReadFromAFileKeepsItsKubeletsVersion() throws Exception {
        Path tenant = dir.resolve("tenant-a.yaml");
        Files.writeString(tenant, """
                apiVersion: v1
                kind: List
                items:
                - apiVersion: v1
                  kind: Node
                  metadata: {name: tenant-a-worker, labels: {kubernetes.io/hostname: tenant-a-worker}}
                  status:
                    capacity: {cpu: "8", memory: 32Gi}
                    allocatable: {cpu: "8", memory: 32Gi}
                    nodeInfo: {kubeletVersion: v1.34.4}
                """);
        Map<String, Dump> one = new LinkedHashMap<>();
        one.put("tenant-a", DumpReader.read(tenant));
        Scenario s = run(SnapshotImporter.toScenario("s", one, DumpReader.read(management("", ""))));
        assertEquals("v1.34.4", s.lab().tenants().get(0).workers().get(0).kubeletVersion().text(),
                "the streamed dump keeps status.nodeInfo (it was dropped with the fields the import does not read)");
    }

    @Test
    void anObjectRunWouldRefuseIsNamedWithFileAndObjectAndLeftOut() throws Exception {
        Path f = management("version: v1.36.1}", "version: latest}");
        SnapshotImporter.Result r = SnapshotImporter.toScenario("s", tenants(), DumpReader.read(f));
        String line = r.skipped().stream().filter(l -> l.contains("TenantControlPlane default/tenant-b")).findFirst()
                .orElseThrow(() -> new AssertionError(r.skipped().toString()));
        assertTrue(line.startsWith("management: " + f + ": TenantControlPlane default/tenant-b spec.kubernetes.version"),
                line);
        assertTrue(line.contains("'latest' is not a Kubernetes version"), line);
        assertFalse(line.matches(".*\\b[A-Z][a-zA-Z]+(Exception|Error)\\b.*"), line);
        Scenario s = run(r);
        assertEquals(ControlPlaneViewDefaults.VERSION, s.lab().tenants().get(1).controlPlane().version().text(),
                "tenant-b keeps the lab's default control plane");
        assertEquals("v1.35.7", s.lab().tenants().get(0).controlPlane().version().text(), "tenant-a is imported");
    }

    @Test
    void aTenantControlPlaneWithoutATenantIsListed() throws Exception {
        Map<String, Dump> one = new LinkedHashMap<>();
        one.put("tenant-a", tenant("tenant-a", "v1.35.7"));
        SnapshotImporter.Result r = SnapshotImporter.toScenario("s", one, DumpReader.read(management("", "")));
        assertTrue(r.skipped().stream().anyMatch(l -> l.startsWith("management: " + dir.resolve("mgmt.yaml") + ":")
                && l.endsWith(": TenantControlPlane default/tenant-b: no --tenant tenant-b is imported")),
                r.skipped().toString());
        assertEquals(1, run(r).lab().tenants().size());
    }

    /** The version a tenant without a controlPlane runs (docs/kamaji-model.md). */
    private static final class ControlPlaneViewDefaults {
        static final String VERSION = io.gpulab.engine.lab.ControlPlaneSpec.DEFAULT_VERSION.text();
    }
}
