package io.gpulab.app.gui.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.gpulab.app.gui.EngineLabOpener;
import io.gpulab.app.gui.fx.CurrentThreadTaskExecutor;
import io.gpulab.engine.api.CardView;
import io.gpulab.engine.cluster.KindShapedLab;
import io.gpulab.engine.cluster.MockLab;
import io.gpulab.engine.scenario.BackendOptions;
import io.gpulab.engine.scenario.ScenarioReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The workbench's view-model on the cluster backend: a live view, and writes only after a confirmation. */
@EnableKubernetesMockClient(crud = true)
class WorkbenchOnClusterTest {

    KubernetesClient client;
    @TempDir
    Path dir;

    private KindShapedLab lab;
    private WorkbenchViewModel vm;
    private final List<String> asked = new ArrayList<>();
    private boolean confirm;
    private final LinkedBlockingQueue<Runnable> uiThread = new LinkedBlockingQueue<>();
    private final PodTemplate article = PodTemplate.builtIns().get(0);

    @BeforeEach
    void open() throws Exception {
        lab = new KindShapedLab(new ScenarioReader().load("article").lab(), client, dir);
        EngineLabOpener opener = new EngineLabOpener("cluster",
                new BackendOptions(lab.managementKubeconfig, null, true));
        WriteGate gate = (action, detail) -> {
            asked.add(action + " | " + detail);
            return confirm;
        };
        vm = new WorkbenchViewModel(opener.open("article"), opener, gate, new CurrentThreadTaskExecutor(),
                uiThread::add);
    }

    @AfterEach
    void close() {
        vm.close();
        lab.close();
    }

    private KubernetesClient tenantA() {
        return lab.tenants.get("tenant-a").client;
    }

    private CardView a100() {
        return vm.snapshot().tenant("tenant-a").orElseThrow().nodes().get(0).cards().get(0);
    }

    @Test
    void theClusterIsShownAsObservedWithItsCards() {
        assertEquals("cluster", vm.backendId());
        assertFalse(vm.simulated());
        assertEquals(List.of("tenant-a", "tenant-b"), vm.snapshot().tenants().stream().map(t -> t.name()).toList());
        assertEquals(81920, a100().memMB());
        assertEquals(2, vm.snapshot().tenant("tenant-b").orElseThrow().nodes().get(0).cards().size());
    }

    @Test
    void aCancelledWriteSendsNothingToTheCluster() {
        confirm = false;
        vm.submitTemplate(article, "tenant-a", null);

        assertEquals(1, asked.size());
        assertTrue(asked.get(0).startsWith("Create pod default/gpu-pod-1 in tenant-a | This is a write to the real "
                + "cluster (cluster backend)"), asked.get(0));
        assertTrue(tenantA().pods().inNamespace("default").list().getItems().isEmpty());
        assertEquals("Cancelled: nothing was sent to the cluster", vm.statusProperty().get());
    }

    @Test
    void confirmedWritesReachTheClusterAndItsDecisionsComeBack() {
        confirm = true;
        for (int i = 0; i < 4; i++) {
            vm.submitTemplate(article, "tenant-a", null);
        }
        assertEquals(4, asked.size());
        assertEquals(60_000, a100().usedMemMB());
        assertEquals(90, a100().usedCores());
        assertEquals("CardInsufficientCore", PendingBadge.badge(
                vm.snapshot().tenant("tenant-a").orElseThrow().pod("default/gpu-pod-4").orElseThrow()));
        assertFalse(vm.history().canUndoProperty().get(), "a real cluster cannot be rewound");
    }

    @Test
    void removingANodeLockWarnsThatItIsTheArticlesWorkaround() {
        tenantA().nodes().withName("tenant-a-worker").edit(n -> {
            n.getMetadata().getAnnotations().put("hami.io/mutex.lock", "2026-12-02T10:00:00Z,default,gpu-pod-1");
            return n;
        });
        confirm = false;
        vm.faults().unlock("tenant-a", "tenant-a-worker");
        assertTrue(asked.get(0).contains("not a production procedure"), asked.get(0));
        assertTrue(tenantA().nodes().withName("tenant-a-worker").get().getMetadata().getAnnotations()
                .containsKey("hami.io/mutex.lock"));
    }

    /**
     * After Play on a cluster, the status line says what the review report will: the report of a cluster lab runs no
     * check (each reads NOT RUN), so "8 checks passed" on the status line contradicted it.
     */
    @Test
    void afterPlayTheStatusSaysTheChecksWereObservedNotRunAsTheReportSays() throws Exception {
        confirm = true;
        vm.playback().playScenarioSteps();
        String status = vm.statusProperty().get();
        var report = io.gpulab.app.gui.export.ReportData.collect(vm);
        assertTrue(report.checks().stream().allMatch(c -> c.verdict() == io.gpulab.app.report.ScenarioReport.Verdict
                .NOT_RUN), "the cluster's report runs no check");
        assertFalse(status.contains("checks passed") || status.contains("PASS"), status);
        assertTrue(status.startsWith("Played steps 1–5 of 5 on the cluster: ") && status.contains("as observed")
                && status.contains("the review report runs none"), status);
    }

    @Test
    void simulationOnlyActionsAreRefusedWithoutAsking() {
        vm.advance(java.time.Duration.ofMinutes(5));
        assertTrue(asked.isEmpty());
        assertTrue(vm.statusProperty().get().contains("controls the simulation only"), vm.statusProperty().get());
    }

    @Test
    void podsCreatedByOthersAppearWithoutAnyActionInTheWorkbench() throws Exception {
        tenantA().pods().inNamespace("default").resource(MockLab.gpuPod("from-kubectl", null, "", Map.of(),
                20000, 30)).create();
        // a bound against a hang only: on a loaded machine the informer's first list can take many seconds
        long end = System.currentTimeMillis() + io.gpulab.engine.cluster.Await.BOUND.toMillis();
        // the pod's events arrive on their own watch, possibly after the pod shows Running: wait for both
        while (System.currentTimeMillis() < end && (vm.snapshot().tenant("tenant-a").orElseThrow()
                .pod("default/from-kubectl").filter(p -> "Running".equals(p.phase())).isEmpty()
                || vm.events().stream().noneMatch(e -> e.message().contains("from-kubectl")))) {
            Runnable push = uiThread.poll(100, TimeUnit.MILLISECONDS);
            if (push != null) {
                push.run();
            }
        }
        assertEquals(20_000, a100().usedMemMB());
        assertTrue(vm.events().stream().anyMatch(e -> e.message().contains("from-kubectl")), "the event log grew");
    }
}
