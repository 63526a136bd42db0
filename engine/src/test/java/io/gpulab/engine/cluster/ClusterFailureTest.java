package io.gpulab.engine.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.scenario.RunResult;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioReader;
import io.gpulab.engine.scenario.ScenarioRunner;
import io.gpulab.engine.scenario.StepResult;
import java.io.StringReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every way a tenant can fail is an answer: the checks on it fail with the cause, the report is
 * written, refused credentials are not retried, and a slow tenant does not hold up the others.
 */
class ClusterFailureTest {

    @TempDir
    Path dir;

    /** Checks on tenant-b (visibility, lock, card, pod) while only tenant-a is healthy. */
    private static final String CHECKS = """
            apiVersion: gpulab.io/v1
            kind: Scenario
            metadata: {name: failures}
            lab:
              tenants:
                - name: tenant-a
                  workers:
                    - {name: tenant-a-worker, cards: [{model: A100-80GB, count: 1}]}
                    - {name: tenant-a-spare, cards: [{model: A100-80GB, count: 1}]}
                - name: tenant-b
                  workers:
                    - {name: tenant-b-worker, cards: [{model: L4-24GB, count: 2}]}
            steps:
              - name: visibility of tenant-b
                expectVisibility: {tenant: tenant-b, nodes: [tenant-b-worker]}
              - name: lock on tenant-b
                expectLock: {tenant: tenant-b, node: tenant-b-worker, held: false}
              - name: card on tenant-b
                expectCard: {tenant: tenant-b, node: tenant-b-worker, index: 0, usedSlots: 0}
              - name: pod on tenant-b
                submit:
                  tenant: tenant-b
                  pod:
                    apiVersion: v1
                    kind: Pod
                    metadata: {name: p, namespace: default}
                    spec: {containers: [{name: main, image: busybox}]}
                expect: {phase: Running}
              - name: lock on a node the cluster does not have
                expectLock: {tenant: tenant-a, node: tenant-a-spare, held: false}
            """;

    private static Scenario checks() {
        return new ScenarioReader().read("failures.yaml", new StringReader(CHECKS), false);
    }

    private MockLab.TenantServer healthyTenantA() {
        MockLab.TenantServer a = new MockLab.TenantServer();
        a.client.nodes().resource(MockLab.node("tenant-a-worker", Map.of(), 10)).create();
        return a;
    }

    private ClusterOptions optionsWith(MockLab.TenantServer a, Map<String, String> others) throws Exception {
        ClusterOptions o = ClusterOptions.tenantsOnly().withSyncTimeout(Duration.ofSeconds(3))
                .withTenant("tenant-a", KubeconfigRef.of(MockLab.writeKubeconfig(dir, "tenant-a", a.url(), "t"), null));
        for (var e : others.entrySet()) {
            o = o.withTenant(e.getKey(), KubeconfigRef.of(MockLab.writeKubeconfig(dir, e.getKey(), e.getValue(), "t"),
                    null));
        }
        return o;
    }

    /**
     * Tenant-b as soon as its warnings say {@code cause}: the backend's one connect deadline (3 s here) can pass on a
     * loaded machine before a broken server's first answer, and the cause arrives after it. Waits on the condition
     * itself (up to Await.BOUND, a hang guard), never on a guessed delay.
     */
    private static TenantView tenantBOnceItSays(ClusterBackend backend, String cause) throws InterruptedException {
        return tenantOnce(backend, "tenant-b", w -> w.stream().anyMatch(x -> x.contains(cause)));
    }

    private static TenantView tenantOnce(ClusterBackend backend, String tenant,
                                         java.util.function.Predicate<List<String>> warnings)
            throws InterruptedException {
        long deadline = System.nanoTime() + Await.BOUND.toNanos();
        TenantView t = backend.snapshot().tenant(tenant).orElseThrow();
        while (!warnings.test(t.warnings()) && System.nanoTime() < deadline) {
            Thread.sleep(20);
            t = backend.snapshot().tenant(tenant).orElseThrow();
        }
        return t;
    }

    private static void assertEveryCheckOnTenantBSays(RunResult run, String cause) {
        for (StepResult r : run.steps().subList(0, 4)) {
            assertFalse(r.passed(), r.toString());
            assertTrue(r.problems().stream().anyMatch(p -> p.contains(cause)), r.index() + ": " + r.problems());
        }
    }

    @Test
    void aMissingTenantFailsItsChecksWithTheCauseInsteadOfThrowing() throws Exception {
        try (MockLab.TenantServer a = healthyTenantA();
             ClusterBackend backend = ClusterBackend.connect(optionsWith(a, Map.of()))) {
            // on a loaded machine tenant-a's first list can come after the 3 s connect deadline, and the check on its
            // missing node would also name that: wait until it has listed (explicit synchronisation, not a longer sleep)
            assertTrue(tenantOnce(backend, "tenant-a", List::isEmpty).warnings().isEmpty());
            RunResult run = new ScenarioRunner(backend).run(checks());
            assertEveryCheckOnTenantBSays(run, "tenant tenant-b is not in this lab (it has: tenant-a)");
            StepResult missingNode = run.steps().get(4);
            assertFalse(missingNode.passed());
            assertEquals(List.of("tenant tenant-a lists no node tenant-a-spare"), missingNode.problems());
            assertEquals(5, run.summary().failed());
        }
    }

    @Test
    void anUnreachableTenantFailsItsChecksWithTheCause() throws Exception {
        try (MockLab.TenantServer a = healthyTenantA();
             ClusterBackend backend = ClusterBackend.connect(optionsWith(a, Map.of("tenant-b",
                     "https://127.0.0.1:1")))) {
            TenantView b = tenantBOnceItSays(backend, "connection refused");
            assertTrue(b.warnings().stream().anyMatch(w -> w.contains("connection refused")), b.warnings().toString());
            assertEveryCheckOnTenantBSays(new ScenarioRunner(backend).run(checks()), "connection refused");
            // the healthy tenant's first list may also come after the 3 s deadline on a loaded machine
            TenantView a2 = tenantOnce(backend, "tenant-a", List::isEmpty);
            assertTrue(a2.warnings().isEmpty(), a2.warnings().toString());
        }
    }

    @ParameterizedTest
    @EnumSource(value = BrokenServer.Mode.class, names = {"UNAUTHORIZED", "FORBIDDEN"})
    void refusedCredentialsAreShownOnTheTenantAndNotRetried(BrokenServer.Mode mode) throws Exception {
        try (MockLab.TenantServer a = healthyTenantA();
             BrokenServer broken = new BrokenServer(mode);
             ClusterBackend backend = ClusterBackend.connect(optionsWith(a, Map.of("tenant-b", broken.url())))) {
            String code = mode == BrokenServer.Mode.UNAUTHORIZED ? "HTTP 401 Unauthorized" : "HTTP 403 Forbidden";
            TenantView b = tenantBOnceItSays(backend, "not retried");
            assertTrue(b.warnings().stream().anyMatch(w -> w.contains("the API server refused to list nodes: " + code)
                    && w.endsWith("not retried (fix the credentials or RBAC and reconnect)")), b.warnings().toString());
            if (mode == BrokenServer.Mode.FORBIDDEN) {
                assertTrue(b.warnings().toString().contains("cannot list resource \\\"nodes\\\"")
                        || b.warnings().toString().contains("cannot list resource \"nodes\""), b.warnings().toString());
            }
            // deterministic: wait for the backend's own "gave up" state (every informer refused and stopped), let
            // a supervision round already running finish, then run the rounds that could ask again and count
            TenantWatch watch = backend.watch("tenant-b");
            assertTrue(Await.until(() -> refusedAll(backend) && watch.gaveUp()),
                    backend.snapshot().tenant("tenant-b").orElseThrow().warnings().toString());
            watch.superviseNow();
            watch.api().settle();   // an API probe round that began before the refusal ends; the next one stops
            int settled = broken.requests.get();
            for (int i = 0; i < 3; i++) {
                watch.superviseNow();   // re-list and quota poll rounds, as the 250 ms supervisor runs them for ever
            }
            // the probe asks every 2-10 s: run its own next round and show that it does not ask
            watch.api().runRoundNow();
            assertEquals(settled, broken.requests.get(), "the refused tenant was asked again");
            assertEveryCheckOnTenantBSays(new ScenarioRunner(backend).run(checks()), code);
        }
    }

    /** Whether nodes, pods and events were all refused (each informer has had its answer). */
    private static boolean refusedAll(ClusterBackend backend) {
        List<String> w = backend.snapshot().tenant("tenant-b").orElseThrow().warnings();
        return List.of("nodes", "pods", "events").stream().allMatch(r -> w.stream()
                .anyMatch(x -> x.startsWith("the API server refused to list " + r + ":")));
    }

    @ParameterizedTest
    @EnumSource(value = BrokenServer.Mode.class, names = {"ERROR_500", "GARBAGE"})
    void aFailingServerIsNamedInOneSentence(BrokenServer.Mode mode) throws Exception {
        try (MockLab.TenantServer a = healthyTenantA();
             BrokenServer broken = new BrokenServer(mode);
             ClusterBackend backend = ClusterBackend.connect(optionsWith(a, Map.of("tenant-b", broken.url())))) {
            String expected = mode == BrokenServer.Mode.ERROR_500
                    ? "HTTP 500 Internal Server Error: etcdserver: request timed out" : "not valid JSON";
            TenantView b = tenantBOnceItSays(backend, expected);
            assertTrue(b.warnings().stream().anyMatch(w -> w.contains(expected)), b.warnings().toString());
            assertTrue(b.warnings().stream().noneMatch(w -> w.contains("An error has occurred")), b.warnings().toString());
            assertEveryCheckOnTenantBSays(new ScenarioRunner(backend).run(checks()), expected);
        }
    }

    /** Three tenants that never answer: one deadline for all of them, not one after another. */
    @Test
    @Timeout(40)   // a hang guard, not a speed target: one after another took 3 x 20 s and more
    void slowTenantsConnectInParallelWithinOneDeadline() throws Exception {
        try (MockLab.TenantServer a = healthyTenantA();
             BrokenServer b = new BrokenServer(BrokenServer.Mode.SLOW);
             BrokenServer c = new BrokenServer(BrokenServer.Mode.SLOW);
             BrokenServer d = new BrokenServer(BrokenServer.Mode.SLOW);
             ClusterBackend backend = ClusterBackend.connect(optionsWith(a, Map.of("tenant-b", b.url(),
                     "tenant-c", c.url(), "tenant-d", d.url())).withSyncTimeout(Duration.ofSeconds(8)))) {
            LabSnapshot s = backend.snapshot();
            for (String t : List.of("tenant-b", "tenant-c", "tenant-d")) {
                List<String> w = s.tenant(t).orElseThrow().warnings();
                assertTrue(w.stream().anyMatch(x -> x.contains("within 8 s")), t + ": " + w);
            }
            assertEquals(1, tenantOnce(backend, "tenant-a", List::isEmpty).nodes().size());
            assertEveryCheckOnTenantBSays(new ScenarioRunner(backend).run(checks()), "within 8 s");
        }
    }

    @Test
    void anUnusableClientKeyIsOneSentenceOnTheTenant() throws Exception {
        Path f = dir.resolve("badkey.kubeconfig");
        java.nio.file.Files.writeString(f, "apiVersion: v1\nkind: Config\ncurrent-context: c\n"
                + "clusters:\n- name: c\n  cluster: {server: \"https://127.0.0.1:1\", insecure-skip-tls-verify: true}\n"
                + "users:\n- name: u\n  user: {client-certificate-data: bm90IGEgY2VydA==, "
                + "client-key-data: bm90IGEga2V5}\n"
                + "contexts:\n- name: c\n  context: {cluster: c, user: u}\n");
        try (MockLab.TenantServer a = healthyTenantA();
             ClusterBackend backend = ClusterBackend.connect(optionsWith(a, Map.of())
                     .withTenant("tenant-b", KubeconfigRef.of(f, null)))) {
            List<String> w = backend.snapshot().tenant("tenant-b").orElseThrow().warnings();
            assertFalse(w.isEmpty());
            assertTrue(w.stream().noneMatch(x -> x.contains("An error has occurred")), w.toString());
            assertTrue(w.stream().anyMatch(x -> x.contains("certificate or key")), w.toString());
            assertEquals(1, tenantOnce(backend, "tenant-a", List::isEmpty).nodes().size());
        }
    }
}
