package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioReader;
import io.gpulab.engine.scenario.ScenarioRunner;
import io.gpulab.engine.snapshot.Dump;
import io.gpulab.engine.snapshot.DumpReader;
import io.gpulab.engine.snapshot.OfflineLab;
import io.gpulab.engine.snapshot.ScenarioYaml;
import io.gpulab.engine.snapshot.SnapshotImporter;
import io.gpulab.scheduler.model.SchedulerConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A {@code kubectl get nodes,pods,resourcequotas,events -A -o yaml} dump of the article lab (run through the
 * cluster backend against mock API servers and the HAMi test double) imports into a scenario on which the offline
 * why-pending gives the same per-card answer as the live one.
 */
@EnableKubernetesMockClient(crud = true)
class SnapshotImportTest {

    KubernetesClient client;
    @TempDir
    Path dir;

    static Path dump(KubernetesClient c, Path file, HasMetadata... extra) throws Exception {
        return KubectlDump.write(c, file, extra);
    }

    @Test
    void theArticleLabAfterItsStepsImportsAndWhyPendingAgreesOffline() throws Exception {
        Scenario article = new ScenarioReader().load("article");
        try (KindShapedLab lab = new KindShapedLab(article.lab(), client, dir);
             ClusterBackend backend = ClusterBackend.connect(lab.options().withWrites(true)
                     .withDecisionTimeout(java.time.Duration.ofSeconds(10)))) {
            assertTrue(new ScenarioRunner(backend).run(article).allPassed());
            Map<String, Dump> dumps = new LinkedHashMap<>();
            for (var t : lab.tenants.entrySet()) {
                Path f = dump(t.getValue().client, dir.resolve(t.getKey() + ".yaml"),
                        new SecretBuilder().withNewMetadata().withName("token").withNamespace("default").endMetadata()
                                .addToStringData("password", "s3cr3t-value").build(),
                        new ConfigMapBuilder().withNewMetadata().withName("cm").withNamespace("default").endMetadata()
                                .build());
                dumps.put(t.getKey(), DumpReader.read(f));
            }
            SnapshotImporter.Result imported = SnapshotImporter.toScenario("article-snapshot", dumps, null);
            String yaml = ScenarioYaml.toString(imported.scenario());
            assertFalse(yaml.contains("s3cr3t"), "a Secret's data never reaches the scenario");
            // each named by tenant, file, line and object
            assertTrue(imported.skipped().stream().anyMatch(s -> s.matches(
                    "tenant-a: .*tenant-a\\.yaml:\\d+: Secret default/token: Secrets are never read")),
                    imported.skipped().toString());
            assertTrue(imported.skipped().stream().anyMatch(s -> s.matches(
                    "tenant-a: .*tenant-a\\.yaml:\\d+: ConfigMap default/cm: kind not part of a lab")),
                    imported.skipped().toString());
            Scenario snap = new ScenarioReader().read("s.yaml", new StringReader(yaml), false);

            PendingExplanation online = PendingExplainer.explain(backend, "tenant-a", "default/gpu-pod-4",
                    SchedulerConfig.DEFAULTS);
            PendingExplanation offline = OfflineLab.whyPending(snap.lab(), "tenant-a", "default/gpu-pod-4");
            assertEquals("CardInsufficientCore", online.cards().get(0).reason());
            assertEquals(online.cards(), offline.cards());
            assertEquals(online.failedNodes(), offline.failedNodes());
            assertEquals(online.verdict(), offline.verdict());
            // the observed card usage is the lab's
            var card = backend.snapshot().tenant("tenant-a").orElseThrow().nodes().get(0).cards().get(0);
            try (var sim = io.gpulab.engine.sim.SimBackend.start(snap.lab())) {
                var simCard = sim.snapshot().tenant("tenant-a").orElseThrow().nodes().get(0).cards().get(0);
                assertEquals(List.of(card.id(), card.usedMemMB(), card.usedCores(), card.usedSlots()),
                        List.of(simCard.id(), simCard.usedMemMB(), simCard.usedCores(), simCard.usedSlots()));
            }
        }
    }

    @Test
    void garbageIsImportedAsFarAsItGoesAndListedByObjectAndField() throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir)) {
            Map<String, Dump> dumps = new LinkedHashMap<>();
            dumps.put("tenant-a", DumpReader.read(dump(lab.tenantA.client, dir.resolve("a.yaml"))));
            dumps.put("tenant-b", DumpReader.read(dump(lab.tenantB.client, dir.resolve("b.yaml"))));
            SnapshotImporter.Result r = SnapshotImporter.toScenario("s", dumps, null);
            List<String> skipped = r.skipped();
            assertTrue(skipped.stream().anyMatch(s -> s.matches("tenant-b: .*b\\.yaml:\\d+: Node tenant-b-broken "
                    + "metadata\\.annotations\\[hami\\.io/node-nvidia-register\\]: invalid JSON.*")), skipped.toString());
            assertTrue(skipped.stream().anyMatch(s -> s.matches("tenant-b: .*b\\.yaml:\\d+: Node tenant-b-broken "
                    + "metadata\\.annotations\\[hami\\.io/made-up\\]: not a HAMi node annotation, ignored")),
                    skipped.toString());
            Scenario snap = new ScenarioReader().read("s.yaml", new StringReader(ScenarioYaml.toString(
                    r.scenario())), false);
            try (var sim = io.gpulab.engine.sim.SimBackend.start(snap.lab())) {
                var b = sim.snapshot().tenant("tenant-b").orElseThrow();
                assertEquals(2, b.node("tenant-b-worker").orElseThrow().cards().size());
                assertTrue(b.node("tenant-b-broken").orElseThrow().cards().isEmpty());
                var a = sim.snapshot().tenant("tenant-a").orElseThrow();
                assertEquals(20000, a.nodes().get(0).cards().get(0).usedMemMB());
                assertEquals("default/gpu-pod-1", a.nodes().get(0).lock().holder());
            }
        }
    }

    @Test
    void quotasAreReadOnlineAndImportedAndAnswerAlikeOffline() throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir);
             ClusterBackend backend = ClusterBackend.connect(lab.options())) {
            lab.tenantA.client.resourceQuotas().inNamespace("default").resource(
                    new io.fabric8.kubernetes.api.model.ResourceQuotaBuilder().withNewMetadata().withName("gpu")
                            .withNamespace("default").endMetadata().withNewSpec()
                            .addToHard("limits.nvidia.com/gpumem", new io.fabric8.kubernetes.api.model.Quantity("25000"))
                            .endSpec().build()).create();
            lab.tenantA.client.pods().resource(MockLab.gpuPod("small", "Pending", "", Map.of(), 10000, 10)).create();
            PendingExplanation online = Await.until(() -> {
                try {
                    return PendingExplainer.explain(backend, "tenant-a", "default/small", SchedulerConfig.DEFAULTS);
                } catch (ClusterException e) {
                    return null;   // the pod is not listed yet
                }
            }, x -> x != null && !x.cards().isEmpty());
            // 20000 MB used by gpu-pod-1 + 10000 asked > 25000: the card is refused for the namespace's quota
            assertEquals("ResourceQuotaNotFit", online.cards().get(0).reason());
            List<io.gpulab.engine.api.QuotaView> q = Await.until(() -> backend.snapshot().tenant("tenant-a").orElseThrow().quotas(),
                    l -> !l.isEmpty());
            assertEquals(List.of(new io.gpulab.engine.api.QuotaView("default", 20000, 25000L, 30, null)), q);

            Map<String, Dump> dumps = new LinkedHashMap<>();
            dumps.put("tenant-a", DumpReader.read(dump(lab.tenantA.client, dir.resolve("a.yaml"))));
            Scenario snap = new ScenarioReader().read("s.yaml", new StringReader(ScenarioYaml.toString(
                    SnapshotImporter.toScenario("s", dumps, null).scenario())), false);
            PendingExplanation offline = OfflineLab.whyPending(snap.lab(), "tenant-a", "default/small");
            assertEquals(online.cards(), offline.cards());
            assertEquals(online.failedNodes(), offline.failedNodes());
        }
    }
}
