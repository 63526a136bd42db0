package io.gpulab.engine.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.scenario.RunResult;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioReader;
import io.gpulab.engine.scenario.ScenarioRunner;
import io.gpulab.engine.scenario.StepResult;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The article's eight checks run through the cluster backend: pods submitted over the tenant API,
 * decided by (a test double of) HAMi, observed back through informers and annotations.
 */
@EnableKubernetesMockClient(crud = true)
class ClusterVerifyTest {

    KubernetesClient client;
    @TempDir
    Path dir;

    private final Scenario article = new ScenarioReader().load("article");

    @Test
    void theArticlesEightChecksPassOnALabThatSchedules() throws Exception {
        try (KindShapedLab lab = new KindShapedLab(article.lab(), client, dir);
             ClusterBackend backend = ClusterBackend.connect(lab.options().withWrites(true)
                     .withDecisionTimeout(java.time.Duration.ofSeconds(10)))) {
            RunResult run = new ScenarioRunner(backend).run(article);

            assertEquals(java.util.List.of(), lab.hamiFailures());
            assertTrue(run.allPassed(), () -> run.steps().stream().filter(r -> !r.passed())
                    .map(r -> r.index() + ": " + r.problems()).toList().toString());
            assertEquals(8, run.summary().passed());
            TenantView a = backend.snapshot().tenant("tenant-a").orElseThrow();
            CardView card = a.node("tenant-a-worker").orElseThrow().cards().get(0);
            assertEquals(60000, card.usedMemMB());
            assertEquals(90, card.usedCores());
            PodView fourth = a.pod("default/gpu-pod-4").orElseThrow();
            assertEquals("Pending", fourth.phase());
            assertEquals("CardInsufficientCore", fourth.reason());
            assertEquals("0/1 nodes are available: 1 1/1 CardInsufficientCore.", fourth.message());
        }
    }

    @Test
    void everySubmittedPodIsObservedAsTheSimDecidedIt() throws Exception {
        RunResult sim;
        try (var b = io.gpulab.engine.scenario.Backends.open("sim", article.lab(),
                io.gpulab.engine.scenario.BackendOptions.NONE)) {
            sim = new ScenarioRunner(b).run(article);
        }
        try (KindShapedLab lab = new KindShapedLab(article.lab(), client, dir);
             ClusterBackend backend = ClusterBackend.connect(lab.options().withWrites(true)
                     .withDecisionTimeout(java.time.Duration.ofSeconds(10)))) {
            RunResult cluster = new ScenarioRunner(backend).run(article);
            for (int i = 0; i < 5; i++) {
                assertEquals(untimed(sim.steps().get(i).observed()), untimed(cluster.steps().get(i).observed()),
                        "step " + (i + 1) + " (" + sim.steps().get(i).pod() + ")");
            }
        }
    }

    /** The pod with its Ready condition's time left out: the sim's clock is virtual, the cluster's is the wall's. */
    private static Object untimed(Object observed) {
        if (!(observed instanceof io.gpulab.engine.scenario.ObservedPod p) || p.ready() == null) {
            return observed;
        }
        var r = p.ready();
        return new io.gpulab.engine.scenario.ObservedPod(p.phase(), p.node(), p.schedulerName(), p.reason(),
                p.message(), p.failedNodes(), p.devices(), p.hamiAllocated(), p.failedNodesOmitted(),
                p.explanation(), new io.gpulab.engine.api.StatusCondition(r.type(), r.status(), r.reason(),
                        r.message(), null));
    }

    @Test
    void readOnlyTheSubmitStepsAreRefusedAndNothingIsCreated() throws Exception {
        try (KindShapedLab lab = new KindShapedLab(article.lab(), client, dir);
             ClusterBackend backend = ClusterBackend.connect(lab.options())) {
            RunResult run = new ScenarioRunner(backend).run(article);

            assertFalse(run.allPassed());
            StepResult first = run.steps().get(0);
            assertFalse(first.passed());
            assertTrue(first.problems().toString().contains("--allow-writes"), first.problems().toString());
            assertTrue(lab.tenants.get("tenant-a").client.pods().inNamespace("default").list().getItems().isEmpty());
            assertTrue(run.steps().get(7).passed(), "tenant-b's visibility holds without any write");
        }
    }

    @Test
    void aSubmitNobodySchedulesReturnsAfterTheDecisionTimeoutSayingSo() throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir);
             ClusterBackend backend = ClusterBackend.connect(lab.options().withWrites(true)
                     .withDecisionTimeout(java.time.Duration.ofMillis(300)))) {
            var r = backend.execute(new io.gpulab.engine.api.LabCommand.SubmitPod("tenant-b", java.util.Map.of(
                    "apiVersion", "v1", "kind", "Pod", "metadata", java.util.Map.of("name", "lonely"),
                    "spec", java.util.Map.of("containers", java.util.List.of(java.util.Map.of("name", "c",
                            "image", "busybox"))))));
            assertTrue(r.accepted());
            assertEquals("no scheduling decision for default/lonely within 0 s: still Pending", r.message());
        }
    }

    @Test
    void aStepWithoutADecisionSaysSoInItsProblems() throws Exception {
        String yaml = """
                apiVersion: gpulab.io/v1
                kind: Scenario
                metadata: {name: no-decision}
                lab:
                  tenants:
                    - name: tenant-b
                      workers: [{name: tenant-b-worker, cards: [{model: L4-24GB, count: 2}]}]
                steps:
                  - submit:
                      tenant: tenant-b
                      pod:
                        apiVersion: v1
                        kind: Pod
                        metadata: {name: lonely}
                        spec: {containers: [{name: c, image: busybox}]}
                    expect: {phase: Running}
                """;
        Scenario s = new ScenarioReader().read("no-decision.yaml", new java.io.StringReader(yaml), false);
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir);
             ClusterBackend backend = ClusterBackend.connect(lab.options().withWrites(true)
                     .withDecisionTimeout(java.time.Duration.ofMillis(300)))) {
            StepResult step = new ScenarioRunner(backend).run(s).steps().get(0);
            assertFalse(step.passed());
            assertEquals(java.util.List.of("phase: expected Running, observed Pending",
                    "the backend said: no scheduling decision for default/lonely within 0 s: still Pending"),
                    step.problems());
        }
    }
}
