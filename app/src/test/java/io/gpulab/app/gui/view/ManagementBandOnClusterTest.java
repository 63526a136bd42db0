package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.gpulab.app.gui.EngineLabOpener;
import io.gpulab.app.gui.Workbench;
import io.gpulab.app.gui.fx.CurrentThreadTaskExecutor;
import io.gpulab.engine.cluster.Await;
import io.gpulab.engine.cluster.KamajiResources;
import io.gpulab.engine.cluster.KindShapedLab;
import io.gpulab.engine.scenario.BackendOptions;
import io.gpulab.engine.scenario.ScenarioReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.Pane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The management band on the cluster backend shows the management cluster exactly as its API server serves it
 * (engine/src/test/resources/kamaji: two TenantControlPlanes, the kamaji-etcd DataStore, two nodes and the pods on
 * them, on fabric8's mock server), read from the window, and follows it when the served objects change (watch).
 */
@EnableKubernetesMockClient(crud = true)
@ExtendWith(ApplicationExtension.class)
class ManagementBandOnClusterTest {

    KubernetesClient client;
    @TempDir
    Path dir;

    private Stage stage;
    private KindShapedLab lab;
    private Workbench workbench;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @AfterEach
    void close() {
        if (workbench != null) {
            workbench.viewModel().close();
        }
        if (lab != null) {
            lab.close();
        }
    }

    private void open(FxRobot robot) throws Exception {
        lab = KindShapedLab.withKamajiManifests(new ScenarioReader().load("article").lab(), client, dir);
        EngineLabOpener opener = new EngineLabOpener("cluster", new BackendOptions(lab.managementKubeconfig, null,
                false));
        var opened = opener.open("article");
        robot.interact(() -> {
            try {
                FxTestSupport.resetMonocleDragState();
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
            workbench = new Workbench(opened, opener, new CurrentThreadTaskExecutor());
            stage.setScene(workbench.scene(1600, 1000, false));
            stage.sizeToScene();
            stage.show();
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The label's whole text as drawn (a wrapped label's full text), empty when it is not on screen. */
    private static String text(FxRobot robot, String id) {
        Optional<Node> n = robot.lookup("#" + id).tryQuery();
        if (n.isEmpty() || !(n.get() instanceof Label l)) {
            return "";
        }
        return l instanceof WordWrapLabel w ? w.getFullText() : l.getText();
    }

    /** Waits until every label shows its text (the watch's change reaches the window), then compares them all. */
    private static void shows(FxRobot robot, Map<String, String> expected) throws InterruptedException {
        Await.until(() -> {
            WaitForAsyncUtils.waitForFxEvents();
            return expected.entrySet().stream().allMatch(e -> e.getValue().equals(text(robot, e.getKey())));
        });
        expected.forEach((id, want) -> assertEquals(want, text(robot, id), id));
    }

    private static List<String> podDots(FxRobot robot, String node) {
        return new TreeSet<>(robot.lookup("#mgmt-node-" + node).queryAs(Pane.class).lookupAll(".mgmt-pod-dot")
                .stream().map(d -> d.getId().substring("mgmt-pod-".length())).toList()).stream().toList();
    }

    private static String dotKind(FxRobot robot, String member) {
        Node chip = robot.lookup("#ds-member-" + member).query();
        return chip.lookup(".status-dot").getStyleClass().contains("ok") ? "up" : "down";
    }

    @Test
    void theBandShowsTheManagementClusterAsServedAndFollowsItsChanges(FxRobot robot) throws Exception {
        open(robot);
        shows(robot, Map.ofEntries(
                Map.entry("cp-phase-tenant-a", "Ready"),
                Map.entry("cp-replicas-tenant-a", "2 of 2 replicas ready · v1.35.7"),
                Map.entry("cp-phase-tenant-b", "Upgrading"),
                Map.entry("cp-replicas-tenant-b", "2 of 2 replicas ready · v1.36.1 (installed v1.35.7, 1 updated)"),
                Map.entry("cp-write-tenant-b", "writePermissions: blockCreation"),
                Map.entry("datastore-health-default", "2 of 3 members up · quorum 2: kept"),
                Map.entry("ds-prefix-default-tenant-a", "tenant-a → prefix /3f1c9a52-7d0e-4a8b-9a43-2f0c8e1b7d11/"),
                Map.entry("ds-prefix-default-tenant-b", "tenant-b → prefix /8a2d4e6f-1b3c-4d5e-8f70-9a1b2c3d4e5f/"),
                Map.entry("mgmt-node-state-kamaji-control-plane", "Ready"),
                Map.entry("mgmt-node-facts-kamaji-control-plane", "4 CPU, 8,192 MiB · zone zone-a"),
                Map.entry("mgmt-node-requested-kamaji-control-plane", "requested 1000m CPU, 2,048 MiB"),
                Map.entry("mgmt-node-state-kamaji-worker", "SchedulingDisabled"),
                Map.entry("mgmt-node-facts-kamaji-worker", "1 CPU, 3,584 MiB · zone zone-b"),
                Map.entry("mgmt-node-requested-kamaji-worker", "requested 600m CPU, 1,094 MiB")));
        assertEquals(List.of("kamaji-etcd-0", "kamaji-etcd-1", "tenant-a-6c9f7d8b5-4xkzp", "tenant-b-5f8e2a1d9-8vbxr",
                "tenant-b-7d4b9c6f8-2lmnq"), podDots(robot, "kamaji-control-plane"));
        assertEquals(List.of("kamaji-etcd-2", "tenant-a-6c9f7d8b5-q7w2m"), podDots(robot, "kamaji-worker"));
        assertEquals(List.of("up", "up", "down"), List.of(dotKind(robot, "kamaji-etcd-0"),
                dotKind(robot, "kamaji-etcd-1"), dotKind(robot, "kamaji-etcd-2")));
        assertTrue(robot.lookup("#mgmt-pending-tenant-b-5f8e2a1d9-zt6kd").tryQuery().isPresent(),
                "the pod kube-scheduler could not place is in the Not scheduled box");

        // the cluster changes: a member stops, a node is lost, Kamaji reports tenant-a NotReady, tenant-b leaves
        client.pods().inNamespace("kamaji-system").withName("kamaji-etcd-1").editStatus(p -> {
            p.getStatus().getConditions().forEach(c -> c.setStatus("False"));
            return p;
        });
        client.nodes().withName("kamaji-worker").editStatus(n -> {
            n.getStatus().getConditions().forEach(c -> c.setStatus("Unknown"));
            return n;
        });
        edit(KamajiResources.TENANT_CONTROL_PLANE, "default", "tenant-a", status -> {
            Map<String, Object> res = map(status, "kubernetesResources");
            map(res, "version").put("status", "NotReady");
            map(res, "deployment").put("readyReplicas", 0);
        });
        edit(KamajiResources.DATA_STORE, null, "default", status -> status.put("usedBy", List.of("default/tenant-a")));

        shows(robot, Map.of(
                "cp-phase-tenant-a", "NotReady",
                "cp-replicas-tenant-a", "0 of 2 replicas ready · v1.35.7",
                "datastore-health-default", "1 of 3 members up · quorum 2: lost · DataStore ready",
                "mgmt-node-state-kamaji-worker", "NotReady",
                "cp-phase-tenant-b", "Upgrading"));
        assertEquals(List.of("up", "down", "down"), List.of(dotKind(robot, "kamaji-etcd-0"),
                dotKind(robot, "kamaji-etcd-1"), dotKind(robot, "kamaji-etcd-2")));
        Await.until(() -> {
            WaitForAsyncUtils.waitForFxEvents();
            return robot.lookup("#ds-prefix-default-tenant-b").tryQuery().isEmpty();
        });
        assertTrue(robot.lookup("#ds-prefix-default-tenant-b").tryQuery().isEmpty(),
                "tenant-b is no longer in the DataStore's status.usedBy");
        assertEquals("tenant-a → prefix /3f1c9a52-7d0e-4a8b-9a43-2f0c8e1b7d11/", text(robot,
                "ds-prefix-default-tenant-a"));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Map<String, Object> parent, String key) {
        return (Map<String, Object>) parent.get(key);
    }

    @SuppressWarnings("unchecked")
    private void edit(io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext kind, String namespace,
                      String name, java.util.function.Consumer<Map<String, Object>> status) {
        var ops = client.genericKubernetesResources(kind);
        GenericKubernetesResource r = namespace == null ? ops.withName(name).get()
                : ops.inNamespace(namespace).withName(name).get();
        status.accept((Map<String, Object>) r.getAdditionalProperties().get("status"));
        (namespace == null ? ops.resource(r) : ops.inNamespace(namespace).resource(r)).update();
    }
}
