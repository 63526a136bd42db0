package io.gpulab.app.fuzz;

import static io.gpulab.app.fuzz.GuiHistory.CUSTOM;
import static io.gpulab.app.fuzz.GuiHistory.EDITS;
import static io.gpulab.app.fuzz.GuiHistory.OPENABLE;
import static io.gpulab.app.fuzz.GuiHistory.POD_MEM;
import static io.gpulab.app.fuzz.GuiHistory.POD_NAMES;
import static io.gpulab.app.fuzz.GuiHistory.TENANTS;
import static io.gpulab.app.fuzz.GuiHistory.WALKTHROUGHS;
import static io.gpulab.app.fuzz.GuiHistory.browse;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpulab.app.fuzz.GuiHistory.Act;
import io.gpulab.app.gui.view.KamajiFaultsMenu;
import io.gpulab.app.gui.view.WalkthroughView;
import io.gpulab.app.gui.vm.CustomPodForm;
import io.gpulab.app.gui.vm.PodTemplate;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.app.gui.walkthrough.WalkthroughViewModel;
import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.ManagementView;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.scenario.RecordedScenario;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The export-equivalence property's first half done as the workbench's controls do it ({@link ExportEquivalence}):
 * each of a {@link GuiHistory}'s actions is the engine command its menu item, button or form sends. Keeps the
 * property's 300 tries fast; {@code ClickedExportEquivalenceTest} clicks the controls themselves.
 */
final class CommandHands implements ExportEquivalence.Hands {

    private final ExportEquivalence property;

    CommandHands(ExportEquivalence property) {
        this.property = property;
    }

    @Override
    public void act(WorkbenchViewModel vm, WalkthroughViewModel wvm, Act act) throws Exception {
        LabSnapshot s = vm.snapshot();
        TenantView t = s.tenants().get(act.a() % s.tenants().size());
        Optional<NodeView> node = t.nodes().stream().findFirst();
        Optional<CardView> card = t.nodes().stream().flatMap(n -> n.cards().stream()).findFirst();
        PodTemplate template = PodTemplate.builtIns().get(act.b() % PodTemplate.builtIns().size());
        switch (act.move()) {
            case NEXT -> vm.playback().playNextScenarioStep();
            case NEXT2 -> {
                vm.playback().playNextScenarioStep();
                vm.playback().playNextScenarioStep();
            }
            case PLAY -> vm.playback().playScenarioSteps();
            case PLAY_UP_TO -> vm.playback().playScenarioSteps(1 + act.a() % 6);
            case DROP -> vm.submitTemplate(template, t.name(), null);
            case DROP_ON_CARD -> card.ifPresent(c -> vm.submitTemplate(template, t.name(), c.id()));
            // a worker row of the compact view: the pod may use any of that worker's cards
            case DROP_ON_WORKER -> node.filter(n -> !n.cards().isEmpty()).ifPresent(n -> vm.submitTemplate(template,
                    t.name(), String.join(",", n.cards().stream().map(CardView::id).toList())));
            case PASTE -> vm.submitYaml(t.name(), "clipboard", """
                    apiVersion: v1
                    kind: Pod
                    metadata: {name: %s, namespace: default}
                    spec:
                      containers:
                        - name: main
                          image: busybox
                          resources: {limits: {nvidia.com/gpu: 1, nvidia.com/gpumem: %d, nvidia.com/gpucores: 30}}
                    """.formatted(POD_NAMES.get(act.b() % POD_NAMES.size()), POD_MEM.get(act.b() % POD_MEM.size())));
            case DELETE -> {
                if (!t.pods().isEmpty()) {
                    vm.deletePod(t.name(), t.pods().get(act.b() % t.pods().size()).key());
                }
            }
            case STEP_30S -> vm.advance(Duration.ofSeconds(30));
            case PLUS_5M -> vm.advance(Duration.ofMinutes(5));
            case RUN_CLOCK -> {
                vm.playingProperty().set(true);
                for (int i = 1 + act.a(); i > 0; i--) {
                    vm.tick(Duration.ofSeconds(15));
                }
                vm.playingProperty().set(false);
            }
            case UNLOCK -> t.nodes().forEach(n -> {
                if (n.lock() != null && n.lock().held()) {
                    vm.faults().unlock(t.name(), n.name());
                }
            });
            case KONNECTIVITY -> vm.faults().setKonnectivity(t.name(), !t.tunnel().agentsUp());
            case CARD_HEALTH -> card.ifPresent(c -> vm.faults().setCardHealth(t.name(), c.id(), !c.health()));
            case PLUGIN -> node.ifPresent(n -> vm.faults().restartPlugin(t.name(), n.name()));
            case KUBELET -> node.ifPresent(n -> vm.faults().setKubelet(t.name(), n.name(), act.b() % 2 == 0));
            case CONTROL_PLANE -> vm.faults().setControlPlaneComponent(t.name(), act.b() % 2 == 0 ? "kube-scheduler"
                    : "kube-controller-manager", act.b() % 4 >= 2);
            case LOSE_REPLICA -> vm.faults().loseControlPlaneReplica(t.name());
            case SCALE_CONTROL_PLANE -> vm.faults().scaleControlPlane(t.name(), 1 + act.b() % 3);
            case WRITE_PERMISSIONS -> vm.faults().setWritePermissions(t.name(), (act.b() & 1) != 0,
                    (act.b() & 2) != 0, (act.b() & 4) != 0);
            case LIFECYCLE -> vm.faults().setLifecycle("article".equals(s.lifecycle()) ? "complete" : "article");
            case POLICY -> vm.faults().setWebhookPolicy(t.name(), "Fail".equals(t.webhookFailurePolicy())
                    ? "Ignore" : "Fail");
            case UNDO -> vm.history().undo();
            case REDO -> vm.history().redo();
            case RESET -> vm.reset();
            case TIME_TRAVEL -> vm.past().showVersion(act.a() % (vm.history().timeline().size() + 1));
            case RETURN_TO_NOW -> vm.past().returnToNow();
            case EDIT -> edit(vm, act);
            case DATASTORE -> dataStore(vm, s.management(), act);
            case DATASTORE_ACCESS -> {
                // as the Faults menu offers it: revoke on an etcd DataStore, grant back once revoked
                boolean revoked = t.controlPlane().has("dataStoreAccess: revoked");
                boolean etcd = s.management().dataStores().stream().anyMatch(d -> d.name().equals(
                        t.controlPlane().dataStore()) && "etcd".equalsIgnoreCase(d.driver()));
                if (revoked || etcd) {
                    vm.faults().setDataStoreAccess(t.name(), revoked);
                }
            }
            case MANAGEMENT_NODE -> {
                List<ManagementView.NodeView> nodes = s.management().nodes();
                if (!nodes.isEmpty()) {
                    ManagementView.NodeView n = nodes.get(act.a() % nodes.size());
                    vm.faults().setManagementNode(n.name(), !"Ready".equals(n.state()) ? "ready"
                            : act.b() % 2 == 0 ? "lost" : "drained");
                }
            }
            case KONNECTIVITY_SERVER -> {
                if (t.controlPlane().components().stream().anyMatch(c -> "konnectivity-server".equals(c.name()))) {
                    vm.faults().restartKonnectivityServer(t.name());
                }
            }
            case UPGRADE -> {
                String next = KamajiFaultsMenu.nextVersion(t.controlPlane().version());
                if (next != null) {
                    vm.faults().upgradeControlPlane(t.name(), next);
                }
            }
            case CUSTOM_POD -> {
                // typed into the palette's form, then its source dragged onto the tenant (or its first card)
                CustomPodForm form = new CustomPodForm();
                List<String> typed = CUSTOM.get(act.b() % CUSTOM.size());
                form.gpusProperty().set(typed.get(0));
                form.memMBProperty().set(typed.get(1));
                form.coresProperty().set(typed.get(2));
                form.template().ifPresent(x -> vm.submitTemplate(x, t.name(), act.b() % 2 == 0
                        ? card.map(CardView::id).orElse(null) : null));
            }
            case OPEN -> vm.files().open(OPENABLE.get(act.a() % OPENABLE.size()));
            case WALKTHROUGH -> WalkthroughView.start(wvm, vm, WALKTHROUGHS.get(act.a() % WALKTHROUGHS.size()));
            case WALKTHROUGH_TEXT -> {
                // Back and Next move through the text, never the lab
                RecordedScenario before = vm.recording();
                for (char c : browse(act.a(), act.b()).toCharArray()) {
                    if (c == 'N') {
                        wvm.next();
                    } else {
                        wvm.back();
                    }
                }
                assertEquals(before, vm.recording(), "Back / Next in the walkthrough panel changed the lab");
            }
            case OPEN_SNAPSHOT -> {
                vm.files().openSnapshot(property.dumps(act), property.dir.resolve("imported"));
                property.countSnapshot(vm);
            }
            case SAVE_REOPEN -> {
                // File → Save scenario, then File → Open scenario of that file
                Path saved = property.saved(act);
                vm.files().save(saved);
                vm.files().open(saved.toString());
                property.reached.merge("a saved history reopened", 1, Integer::sum);
            }
        }
    }

    /** A member of a DataStore stopped or started, or the whole DataStore, as the Faults menu offers it. */
    private static void dataStore(WorkbenchViewModel vm, ManagementView m, Act act) {
        if (m.dataStores().isEmpty()) {
            return;
        }
        ManagementView.DataStoreView d = m.dataStores().get(act.a() % m.dataStores().size());
        int which = act.b() % (d.members().size() + 1);
        if (which < d.members().size()) {
            ManagementView.MemberView x = d.members().get(which);
            vm.faults().setDataStoreMember(d.name(), x.name(), !x.up());
        } else {
            vm.faults().setDataStoreMember(d.name(), null, !d.members().stream().allMatch(ManagementView.MemberView::up));
        }
    }

    private static void edit(WorkbenchViewModel vm, Act act) {
        switch (act.a() % EDITS.size()) {
            case 0 -> vm.editor().edit("add tenant-c", d -> d.addTenant("tenant-c").addCards("tenant-c",
                    "tenant-c-worker", "L4-24GB", 1));
            case 1 -> vm.editor().edit("deviceSplitCount 4", d -> d.setHami("deviceSplitCount", "4"));
            case 2 -> vm.editor().edit("remove " + TENANTS.get(act.b() % TENANTS.size()),
                    d -> d.removeTenant(TENANTS.get(act.b() % TENANTS.size())));
            default -> vm.editor().edit("2 x A100 on tenant-a-worker", d -> d.addCards("tenant-a", "tenant-a-worker",
                    "A100-80GB", 2));
        }
    }
}

