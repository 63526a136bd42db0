package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.EngineLabOpener;
import io.gpulab.app.gui.Workbench;
import io.gpulab.app.gui.fx.CurrentThreadTaskExecutor;
import io.gpulab.app.gui.vm.OpenedLab;
import io.gpulab.app.gui.vm.FleetGroups;
import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.canvas.Canvas;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The fleet view of a tenant past a thousand workers: its group tiles say what the engine's snapshot says (every
 * total recounted here from the snapshot's workers and pods) after pods land and leave, a landing redraws only its
 * group's tile, and a click on a tile opens that group's workers as glyphs.
 */
@ExtendWith(ApplicationExtension.class)
class FleetViewTest {

    private Workbench workbench;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    /**
     * The 1,200-worker lab, opened off the FX thread and shown within a generous guard: on a loaded machine it
     * takes longer than the toolkit's set-up timeout.
     */
    private void open() throws Exception {
        FxTestSupport.resetMonocleDragState();
        EngineLabOpener opener = EngineLabOpener.sim();
        OpenedLab lab = opener.open("synthetic:1200x2");
        CompletableFuture<Workbench> shown = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                Workbench w = new Workbench(lab, opener, new CurrentThreadTaskExecutor());
                stage.setScene(w.scene(1600, 1000, false));
                stage.sizeToScene();
                stage.show();
                shown.complete(w);
            } catch (Throwable t) {
                shown.completeExceptionally(t);
            }
        });
        workbench = shown.get(10, TimeUnit.MINUTES);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static String pod(String name, int gpumem, int cores, String cpu) {
        return "apiVersion: v1\nkind: Pod\nmetadata: {name: " + name + ", namespace: default}\nspec:\n  containers:\n"
                + "    - name: main\n      image: busybox\n      resources:\n"
                + "        requests: {cpu: \"" + cpu + "\", memory: 8Gi}\n"
                + "        limits: {nvidia.com/gpu: 1, nvidia.com/gpumem: " + gpumem + ", nvidia.com/gpucores: "
                + cores + "}\n";
    }

    private TenantView fleet() {
        return workbench.viewModel().snapshot().tenants().stream().filter(t -> t.name().equals("fleet"))
                .findFirst().orElseThrow();
    }

    /** Each group's lines as recounted from the engine's snapshot, not from the view's running totals. */
    private static void assertTilesMatchTheSnapshot(FleetView view, TenantView fleet) {
        List<FleetGroups.Group> groups = view.groups().groups();
        int workers = 0;
        for (int index = 0; index < groups.size(); index++) {
            FleetGroups.Group g = groups.get(index);
            int cards = 0;
            int inUse = 0;
            long mem = 0;
            long usedMem = 0;
            long cores = 0;
            long usedCores = 0;
            long cpu = 0;
            long cpuReq = 0;
            long hostMem = 0;
            long hostMemReq = 0;
            Set<String> names = new HashSet<>();
            for (int i : g.members()) {
                NodeView n = fleet.nodes().get(i);
                names.add(n.name());
                cpu += n.cpu() * 1000L;
                cpuReq += n.cpuRequestedMilli();
                hostMem += n.memoryMiB();
                hostMemReq += n.memoryRequestedMiB();
                for (CardView c : n.cards()) {
                    cards++;
                    inUse += c.usedMemMB() > 0 || c.usedCores() > 0 || c.usedSlots() > 0 ? 1 : 0;
                    mem += c.memMB();
                    usedMem += c.usedMemMB();
                    cores += c.cores();
                    usedCores += c.usedCores();
                }
            }
            workers += g.members().length;
            // the pods the engine runs on the group's workers (every pod here holds a card)
            long pods = fleet.pods().stream().filter(p -> "Running".equals(p.phase()) && names.contains(p.node()))
                    .count();
            List<String> lines = g.lines();
            String type = fleet.nodes().get(g.members()[0]).cards().get(0).type();
            assertEquals(String.format(Locale.ROOT, "%,d workers · 2 × %s", g.members().length, type),
                    lines.get(1), g.title());
            assertEquals(String.format(Locale.ROOT, "%,d cards, %,d in use · %,d GPU %s", cards, inUse, pods,
                    pods == 1 ? "pod" : "pods"), lines.get(2), g.title());
            assertEquals(String.format(Locale.ROOT, "card memory %.1f %% · compute %.1f %%", 100.0 * usedMem / mem,
                    100.0 * usedCores / cores), lines.get(3), g.title());
            assertEquals(String.format(Locale.ROOT, "CPU %.1f %% · memory %.1f %% requested", 100.0 * cpuReq / cpu,
                    100.0 * hostMemReq / hostMem), lines.get(4), g.title());
            // the tile's hover spells each figure out with what it is a share of, in metrics.md's words
            String tip = view.tip(index).getText();
            assertEquals(List.of(String.format(Locale.ROOT, "%s (%,d workers · 2 × %s), now:", g.title(),
                            g.members().length, type),
                    String.format(Locale.ROOT, "cards in use: %,d of %,d (memory, compute or a sharing slot booked)",
                            inUse, cards),
                    String.format(Locale.ROOT, "GPU pods: %,d (pods holding a share of one of these cards, each "
                            + "counted once)", pods),
                    String.format(Locale.ROOT, "card memory booked: %.1f %% = %,d of %,d MB registered (HAMi's "
                            + "booking, not what a GPU uses)", 100.0 * usedMem / mem, usedMem, mem),
                    String.format(Locale.ROOT, "compute booked: %.1f %% = %,d of %,d core units (100 a card)",
                            100.0 * usedCores / cores, usedCores, cores),
                    String.format(Locale.ROOT, "CPU requested: %.1f %% = %,d of %,d millicores allocatable",
                            100.0 * cpuReq / cpu, cpuReq, cpu),
                    String.format(Locale.ROOT, "memory requested: %.1f %% = %,d of %,d MiB allocatable host memory",
                            100.0 * hostMemReq / hostMem, hostMemReq, hostMem)), List.of(tip.split("\\R")), g.title());
        }
        assertEquals(fleet.nodes().size(), workers, "every worker in one group");
    }

    @Test
    void tilesCountWhatTheEngineRunsAfterLandingsAndDeparturesAndAClickOpensAGroup(FxRobot robot) throws Exception {
        open();
        FleetView view = robot.lookup("#fleet-fleet").queryAs(FleetView.class);
        assertEquals(24, view.groups().groups().size(), "1,200 workers in groups of 50");
        assertTrue(robot.lookup("#compact-fleet").tryQuery().isEmpty(), "no glyph per worker until a group opens");
        List<Canvas> tiles = robot.lookup("#fleet-fleet .fleet-group").queryAllAs(Canvas.class).stream().toList();
        assertEquals(24, tiles.size());
        assertTilesMatchTheSnapshot(view, fleet());
        // what the percentages are, on screen under the caption, not only in docs/workbench.md
        assertEquals("On each tile: cards in use have memory, compute or a sharing slot booked; card memory and "
                + "compute are what HAMi has booked of the group's cards' registered memory and compute, now (a "
                + "booking, not what a GPU uses); CPU and memory are what the pods bound to its workers request of "
                + "their allocatable. Hover a tile for its figures.", robot.lookup("#fleet-legend-fleet")
                .queryAs(WordWrapLabel.class).getFullText());
        assertTrue(robot.lookup("#fleet-legend-fleet").query().isVisible());

        for (int i = 0; i < 12; i++) {
            String name = "p-" + i;
            String yaml = pod(name, 10_000 + 5_000 * i, 10 + 5 * i, (1 + i % 4) + "");
            robot.interact(() -> workbench.viewModel().submitYaml("fleet", name + ".yaml", yaml));
        }
        TenantView after = fleet();
        assertEquals(12, after.pods().stream().filter(p -> "Running".equals(p.phase())).count());
        assertTilesMatchTheSnapshot(view, after);

        // a landing redraws its group's tile and nothing else; the tiles stay the same nodes
        int drawn = view.tilesDrawn;
        List<List<String>> before = drawnText(view);
        robot.interact(() -> workbench.viewModel().submitYaml("fleet", "one.yaml", pod("one", 20_000, 20, "2")));
        assertEquals(drawn + 1, view.tilesDrawn, "one group changed, one tile redrawn");
        aLandingChangesExactlyItsTilesText(view, before, drawnText(view));
        List<Canvas> now = robot.lookup("#fleet-fleet .fleet-group").queryAllAs(Canvas.class).stream().toList();
        for (int g = 0; g < tiles.size(); g++) {
            assertSame(tiles.get(g), now.get(g), "tiles are redrawn in place, not rebuilt");
        }

        for (PodView p : fleet().pods().stream().filter(p -> p.name().startsWith("p-")).limit(7).toList()) {
            robot.interact(() -> workbench.viewModel().deletePod("fleet", p.key()));
        }
        TenantView left = fleet();
        assertEquals(6, left.pods().size(), "seven of thirteen pods deleted");
        assertTilesMatchTheSnapshot(view, left);
        aClickOnAGroupOpensItsWorkersAsGlyphs(robot, view);
    }

    /** The text drawn on each tile now. */
    private static List<List<String>> drawnText(FleetView view) {
        List<List<String>> out = new ArrayList<>();
        for (int g = 0; g < view.groups().groups().size(); g++) {
            out.add(view.drawnLines(g));
        }
        return out;
    }

    /**
     * Part of the test above: the pod landed on a worker of one group; that tile's text now says one more GPU pod
     * and the card booked, and every other tile's text is exactly as before.
     */
    private void aLandingChangesExactlyItsTilesText(FleetView view, List<List<String>> before,
                                                    List<List<String>> after) {
        PodView one = fleet().pods().stream().filter(p -> p.name().equals("one")).findFirst().orElseThrow();
        assertEquals("Running", one.phase());
        int worker = -1;
        for (int i = 0; i < fleet().nodes().size(); i++) {
            if (fleet().nodes().get(i).name().equals(one.node())) {
                worker = i;
            }
        }
        int landed = -1;
        for (int g = 0; g < view.groups().groups().size(); g++) {
            for (int m : view.groups().groups().get(g).members()) {
                if (m == worker) {
                    landed = g;
                }
            }
        }
        assertTrue(landed >= 0, "the worker " + one.node() + " is in a group");
        for (int g = 0; g < before.size(); g++) {
            if (g == landed) {
                assertNotEquals(before.get(g), after.get(g), "the landed pod's tile says so");
                assertEquals(view.groups().groups().get(g).lines(), after.get(g), "its tile shows its group's lines");
            } else {
                assertEquals(before.get(g), after.get(g), "tile " + g + " untouched by a pod on group " + landed);
            }
        }
        // what changed on that tile: one more GPU pod, more card memory and compute booked
        String pods = before.get(landed).get(2);
        String podsNow = after.get(landed).get(2);
        assertEquals(count(pods, " GPU po") + 1, count(podsNow, " GPU po"), pods + " -> " + podsNow);
    }

    /** The number just before {@code unit} in {@code line} ("600 cards, 3 in use · 4 GPU pods" -> 4 for " GPU po"). */
    private static int count(String line, String unit) {
        String head = line.substring(0, line.indexOf(unit));
        return Integer.parseInt(head.substring(head.lastIndexOf(' ') + 1).replace(",", ""));
    }

    /** Part of the test above: a 1,200-worker lab takes a while to open on a loaded machine. */
    private void aClickOnAGroupOpensItsWorkersAsGlyphs(FxRobot robot, FleetView view) {
        Canvas third = robot.lookup("#fleet-fleet .fleet-group").queryAllAs(Canvas.class).stream().toList().get(2);
        robot.interact(() -> {
            TopologyView topology = robot.lookup("#topology").queryAs(TopologyView.class);
            topology.layout();
            // the tile's row at the top of the viewport, so the robot's click lands on it
            double y = topology.getContent().sceneToLocal(third.localToScene(third.getLayoutBounds())).getMinY();
            double room = topology.getContent().getLayoutBounds().getHeight()
                    - topology.getViewportBounds().getHeight();
            topology.setVvalue(room <= 0 ? 0 : Math.min(1, y / room));
        });
        robot.clickOn(third);
        CompactWorkers glyphs = robot.lookup("#compact-fleet").queryAs(CompactWorkers.class);
        assertNotNull(glyphs);
        assertEquals(2, view.openGroup());
        String caption = FxTestSupport.text(robot, "fleet-open-fleet");
        assertTrue(caption.startsWith("Group fleet-w0100 – fleet-w0149 (50 workers, 2 × "), caption);
        assertEquals(50, glyphs.glyphsDrawn, "the group's 50 workers drawn as glyphs");
        robot.interact(() -> view.toggle(2));
        assertEquals(-1, view.openGroup());
        assertTrue(robot.lookup("#compact-fleet").tryQuery().isEmpty(), "closed again");
    }
}
