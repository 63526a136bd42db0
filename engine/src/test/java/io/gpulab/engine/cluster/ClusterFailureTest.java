package io.gpulab.engine.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every way a tenant can fail is an answer: the checks on it fail with the cause, the report is
 * written, refused credentials are not retried, and tenants connect in parallel.
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
            tenantBOnceItSays(backend, "not retried");
            // deterministic: wait for the backend's own "gave up" state (every informer refused and stopped), let
            // a supervision round already running finish, then run the rounds that could ask again and count
            TenantWatch watch = backend.watch("tenant-b");
            assertTrue(Await.until(watch::gaveUp), backend.snapshot().tenant("tenant-b").orElseThrow().warnings()
                    .toString());
            // one refusal, said once: the server named, the three lists in one sentence, never the token
            List<String> w = backend.snapshot().tenant("tenant-b").orElseThrow().warnings();
            assertEquals(1, w.size(), w.toString());
            assertTrue(w.get(0).startsWith("the API server " + broken.url() + " refused to list nodes, pods and events: "
                    + code) && w.get(0).endsWith("; not retried (fix the credentials or RBAC and reconnect)"), w.get(0));
            assertEquals(1, w.get(0).split(code.substring(0, 8), -1).length - 1, "the code said once: " + w.get(0));
            assertFalse(w.get(0).contains("Unauthorized: Unauthorized"), w.get(0));
            // no pod listed is no konnectivity-agent pod seen: the tunnel is unknown, never "down"
            var tunnel = backend.snapshot().tenant("tenant-b").orElseThrow().tunnel();
            assertFalse(tunnel.known(), tunnel.toString());
            assertEquals("unknown (could not read tenant tenant-b: " + w.get(0) + ")", tunnel.unknownWords());
            if (mode == BrokenServer.Mode.FORBIDDEN) {
                assertTrue(w.get(0).contains("cannot list resource \\\"nodes\\\"")
                        || w.get(0).contains("cannot list resource \"nodes\""), w.get(0));
            }
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

    /**
     * RBAC that lets a user list nodes, pods and events but not ResourceQuotas: the tenant showed no quota, as if it
     * had none. Its limits are unknown, and the tenant says so.
     */
    @Test
    void refusedQuotasAreUnknownLimitsNotNone() throws Exception {
        try (ManagementServer b = new ManagementServer(path -> path.contains("/resourcequotas"), 403,
                "resourcequotas is forbidden: User \"viewer\" cannot list resource \"resourcequotas\"");
             MockLab.TenantServer a = healthyTenantA()) {
            b.client.nodes().resource(MockLab.node("tenant-b-worker", Map.of(), 10)).create();
            ClusterOptions o = optionsWith(a, Map.of("tenant-b", b.client.getConfiguration().getMasterUrl()));
            try (ClusterBackend backend = ClusterBackend.connect(o)) {
                // its first list of nodes, pods and events may come after the 3 s deadline on a loaded machine (a
                // true "still trying" line until it does): wait for that line to go, as for tenant-a above
                TenantView t = tenantOnce(backend, "tenant-b",
                        w -> w.size() == 1 && w.get(0).contains("resourcequotas"));
                assertEquals(1, t.warnings().size(), t.warnings().toString());
                String w = t.warnings().get(0);
                assertTrue(w.startsWith("the API server " + InformerProblems.server(b.client) + " refused to list "
                        + "resourcequotas: HTTP 403 Forbidden (no permission): resourcequotas is forbidden")
                        && w.endsWith("; the tenant's GPU quota limits are unknown (not asked again until the next "
                        + "connect)"), w);
                assertEquals(1, t.nodes().size(), "the rest of the tenant is read");
                assertTrue(t.tunnel().known(), "its pods were read");
            }
        }
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

    /**
     * Tenants connect in parallel, proven without a clock: each tenant's server answers its first request only once
     * every tenant's first request has arrived (BarrierTenants). Connected one after another, the first tenant's
     * request could never be answered and its webhook policy would read "Unknown"; in parallel each reads "Fail".
     */
    @Test
    void tenantsConnectInParallel() throws Exception {
        try (BarrierTenants barrier = new BarrierTenants(3)) {
            List<String> urls = barrier.urls();
            ClusterOptions o = ClusterOptions.tenantsOnly().withSyncTimeout(Await.BOUND);
            List<String> names = List.of("tenant-b", "tenant-c", "tenant-d");
            for (int i = 0; i < names.size(); i++) {
                o = o.withTenant(names.get(i), KubeconfigRef.of(MockLab.writeKubeconfig(dir, names.get(i),
                        urls.get(i), "t"), null));
            }
            try (ClusterBackend backend = ClusterBackend.connect(o)) {
                for (String t : names) {
                    TenantView v = tenantOnce(backend, t, List::isEmpty);
                    assertEquals(List.of(), v.warnings(), t);
                    assertEquals("Fail", v.webhookFailurePolicy(), t + ": its first request was not answered");
                    assertEquals(1, v.nodes().size(), t);
                }
            }
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
