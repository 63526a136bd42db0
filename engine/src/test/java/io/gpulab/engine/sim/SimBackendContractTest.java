package io.gpulab.engine.sim;

import io.gpulab.engine.api.CommandResult;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.LabEvent;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.PodTrace;
import io.gpulab.engine.lab.CardSpec;
import io.gpulab.engine.lab.HamiSettings;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.lab.TenantSpec;
import io.gpulab.engine.lab.WorkerSpec;
import io.gpulab.engine.testkit.ArticleLab;
import io.gpulab.engine.testkit.Pods;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.gpulab.engine.testkit.ArticleLab.TENANT_A;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What every caller relies on: refusals change nothing, listeners see every change in order, the chain. */
class SimBackendContractTest {

    private final SimBackend lab = SimBackend.start(ArticleLab.spec());

    @Test
    void impossibleCommandsAreRefusedNamingThePlaceAndChangeNothing() {
        LabSnapshot before = lab.snapshot();
        int events = lab.events().size();
        assertRefused(Pods.submit("tenant-c", "p", 1000, 10), "tenant \"tenant-c\" not found (tenants: tenant-a, "
                + "tenant-b)");
        assertRefused(new LabCommand.SubmitPod(TENANT_A, Pods.withLimits("p", Map.of("nvidia.com/gpumem", "16.0Gx"))),
                "tenant-a: Pod \"p\" is invalid: spec.containers[0].resources.limits[nvidia.com/gpumem]: Invalid "
                        + "value: \"16.0Gx\": quantities must match the regular expression "
                        + "'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
        assertRefused(new LabCommand.SubmitPod(TENANT_A, Pods.withLimits("p", Map.of("nvidia.com/gpu", "0.5"))),
                "tenant-a: Pod \"p\" is invalid: spec.containers[0].resources.limits[nvidia.com/gpu]: Invalid "
                        + "value: \"0.5\": must be an integer");
        assertRefused(new LabCommand.SubmitPod(TENANT_A, Map.of("kind", "Pod", "metadata", Map.of())),
                "metadata.name: Required value: name is required");
        assertRefused(new LabCommand.Unlock(TENANT_A, "tenant-b-worker"),
                "tenant-a: Error from server (NotFound): nodes \"tenant-b-worker\" not found");
        assertRefused(new LabCommand.SetLifecycle("sometimes"), "lifecycle must be 'complete' or 'article'");
        assertEquals(before, lab.snapshot());
        assertEquals(events, lab.events().size());
    }

    @Test
    void aDuplicatePodIsRefusedLikeTheApiServer() {
        lab.execute(Pods.submit(TENANT_A, "p", 1000, 10));
        assertRefused(Pods.submit(TENANT_A, "p", 1000, 10),
                "tenant-a: Error from server (AlreadyExists): pods \"p\" already exists");
    }

    @Test
    void listenersSeeEveryChangeInOrderUntilUnsubscribed() throws Exception {
        List<Long> versions = new ArrayList<>();
        List<LabEvent> seen = new ArrayList<>();
        AutoCloseable handle = lab.subscribe((snap, news) -> {
            versions.add(snap.version());
            seen.addAll(news);
        });
        lab.execute(Pods.submit(TENANT_A, "p1", 1000, 10));
        lab.execute(Pods.submit(TENANT_A, "p2", 1000, 10));
        handle.close();
        lab.execute(Pods.submit(TENANT_A, "p3", 1000, 10));
        assertEquals(2, versions.size());
        assertTrue(versions.get(0) < versions.get(1));
        List<LabEvent> all = lab.events();
        assertEquals(all.subList(all.size() - seen.size() - 4, all.size() - 4), seen);
    }

    @Test
    void theTraceFollowsTheChainOfTheDesign() {
        lab.execute(Pods.submit(TENANT_A, "p", 20000, 30));
        lab.execute(new LabCommand.DeletePod(TENANT_A, "default/p"));
        List<String> stages = lab.trace(TENANT_A, "default/p").steps().stream().map(PodTrace.Step::stage).toList();
        assertEquals(List.of("create", "admission", "filter", "bind", "lock", "allocate", "run", "release"), stages);
    }

    @Test
    void anUnknownCardModelNamesTenantWorkerAndModel() {
        LabSpec bad = new LabSpec("x", "", HamiSettings.DEFAULTS, "complete", List.of(new TenantSpec("t",
                List.of(WorkerSpec.of("w", List.of(CardSpec.ofModel("RTX-9090", 1)))))));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SimBackend.start(bad));
        assertTrue(e.getMessage().startsWith("tenant t, worker w: unknown card model 'RTX-9090'"), e.getMessage());
    }

    @Test
    void longEventMessagesAreCutAtOneKilobyte() {
        List<WorkerSpec> workers = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            workers.add(WorkerSpec.of("node-" + i, List.of(CardSpec.ofModel("T4", 1))));
        }
        SimBackend big = SimBackend.start(new LabSpec("big", "", HamiSettings.DEFAULTS, "complete",
                List.of(new TenantSpec("t", workers))));
        big.execute(Pods.submit("t", "p", 1000, 10));
        LabEvent ok = big.events().stream().filter(e -> e.reason().equals("FilteringSucceed")).findFirst()
                .orElseThrow();
        assertEquals(1024, ok.message().length());
        assertTrue(ok.message().startsWith("find fit node(node-0), 0 nodes not fit, 100 nodes fit(node-99:0.00,"),
                ok.message());
        assertTrue(ok.message().endsWith("..."));
    }

    @Test
    void aClosedLabRefusesCommands() {
        lab.close();
        assertFalse(lab.execute(new LabCommand.Advance(java.time.Duration.ofSeconds(1))).accepted());
    }

    private void assertRefused(LabCommand c, String messageStart) {
        CommandResult r = lab.execute(c);
        assertFalse(r.accepted(), r::toString);
        assertTrue(r.message().startsWith(messageStart) || r.message().endsWith(messageStart), r.message());
    }
}
