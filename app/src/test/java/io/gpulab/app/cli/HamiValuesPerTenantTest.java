package io.gpulab.app.cli;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.gpulab.engine.cluster.ClusterLabFixture;
import io.gpulab.engine.cluster.KubectlDump;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.lab.TenantSpec;
import io.gpulab.engine.scenario.ScenarioReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code import snapshot --hami-values FILE --hami-values TENANT=FILE}: each tenant runs its own HAMi. */
@EnableKubernetesMockClient(crud = true)
class HamiValuesPerTenantTest {

    KubernetesClient client;
    @TempDir
    Path dir;

    @Test
    void aTenantsOwnValuesOverrideTheLabsForThatTenantOnly() throws Exception {
        Path a;
        Path b;
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir)) {
            a = KubectlDump.write(lab.tenantA.client, dir.resolve("a.yaml"));
            b = KubectlDump.write(lab.tenantB.client, dir.resolve("b.yaml"));
        }
        Path labValues = Files.writeString(dir.resolve("values.yaml"),
                "devicePlugin: {deviceSplitCount: 5}\nscheduler: {defaultSchedulerPolicy: {nodeSchedulerPolicy: spread}}\n");
        Path bValues = Files.writeString(dir.resolve("b-values.yaml"),
                "resourceMem: example.com/vmem\ndevicePlugin: {deviceSplitCount: 3, runtimeClassName: nvidia}\n");
        Path s = dir.resolve("s.yaml");
        CliHarness.Result imp = CliHarness.run("import", "snapshot", "--tenant", "tenant-a=" + a,
                "--tenant", "tenant-b=" + b, "--hami-values", labValues.toString(),
                "--hami-values", "tenant-b=" + bValues, "--out", s.toString());
        assertEquals(0, imp.exit(), imp.err());
        assertTrue(imp.out().contains("  tenant-b: HAMi values: devicePlugin.runtimeClassName"), imp.out());

        LabSpec spec = new ScenarioReader().read(s).lab();
        TenantSpec ta = spec.tenants().stream().filter(t -> t.name().equals("tenant-a")).findFirst().orElseThrow();
        TenantSpec tb = spec.tenants().stream().filter(t -> t.name().equals("tenant-b")).findFirst().orElseThrow();
        assertEquals(5, ta.hamiOr(spec.hami()).deviceSplitCount());
        assertEquals(3, tb.hamiOr(spec.hami()).deviceSplitCount());
        assertEquals("example.com/vmem", tb.hamiOr(spec.hami()).resourceNames().memory());
        assertEquals("nvidia.com/gpumem", ta.hamiOr(spec.hami()).resourceNames().memory());
        // keys tenant-b's values do not state keep the lab's
        assertEquals("spread", tb.hamiOr(spec.hami()).nodeSchedulerPolicy());
    }

    @Test
    void twoLabWideValuesAreRefused() throws Exception {
        Path a;
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir)) {
            a = KubectlDump.write(lab.tenantA.client, dir.resolve("a.yaml"));
        }
        Path v = Files.writeString(dir.resolve("values.yaml"), "devicePlugin: {deviceSplitCount: 5}\n");
        CliHarness.Result imp = CliHarness.run("import", "snapshot", "--tenant", "tenant-a=" + a,
                "--hami-values", v.toString(), "--hami-values", "tenant-x=" + v, "--out", dir.resolve("s.yaml").toString());
        assertEquals(2, imp.exit(), imp.out());
        assertTrue(imp.err().contains("--hami-values tenant-x=") && imp.err().contains("TENANT=FILE"), imp.err());
    }
}
