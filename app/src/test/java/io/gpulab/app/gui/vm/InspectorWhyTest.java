package io.gpulab.app.gui.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.lab.CardSpec;
import io.gpulab.engine.lab.HamiSettings;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.lab.TenantSpec;
import io.gpulab.engine.lab.WorkerSpec;
import io.gpulab.engine.sim.SimBackend;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The inspector says why a pod waits in words, and why HAMi chose a running pod's node and card. */
class InspectorWhyTest {

    private static Map<String, Object> pod(String name, int memMB) {
        return Map.of("apiVersion", "v1", "kind", "Pod", "metadata", Map.of("name", name), "spec",
                Map.of("containers", List.of(Map.of("name", "main", "image", "busybox", "resources",
                        Map.of("limits", Map.of("nvidia.com/gpu", 1, "nvidia.com/gpumem", memMB))))));
    }

    @Test
    void aPendingPodSaysWhyInWordsAndARunningPodWhyItsCard() {
        List<WorkerSpec> workers = List.of(WorkerSpec.of("w1", List.of(CardSpec.ofModel("L4", 2))),
                WorkerSpec.of("w2", List.of(CardSpec.ofModel("A100-80GB", 1))));
        try (SimBackend b = SimBackend.start(new LabSpec("why", "", HamiSettings.DEFAULTS, LabSpec.LIFECYCLE_COMPLETE,
                List.of(new TenantSpec("t", workers))))) {
            b.explainDecisions(Set.of());
            b.execute(new LabCommand.SubmitPod("t", pod("small", 1000)));
            b.execute(new LabCommand.SubmitPod("t", pod("huge", 90000)));

            Selection huge = new Selection(Selection.Kind.POD, "t", "default/huge");
            List<InspectorRow> rows = InspectorModel.rows(b.snapshot(), huge, b.events(), (t, k) -> Optional.empty(),
                    b::plainReason, (t, k) -> Optional.ofNullable(b.trace(t, k).why()));
            InspectorRow words = rows.stream().filter(r -> r.name().equals("in words")).findFirst().orElseThrow();
            assertEquals("Why it does not run", words.category());
            assertEquals("asks 90,000 MB of one card; the largest card here has 81,920 MB: it fits no card of this lab, "
                    + "whatever is freed", words.value());
            assertTrue(rows.stream().anyMatch(r -> r.value().equals("docs/reasons.md#cardinsufficientmemory")));
            // HAMi's filter took no node: its lines say why none fits, not "why this node" nor how one is chosen
            assertEquals(List.of(), rows.stream().filter(r -> r.category().equals("Why this node, why this card"))
                    .toList());
            List<InspectorRow> none = rows.stream().filter(r -> r.category().equals(InspectorModel.NO_NODE)).toList();
            assertTrue(none.stream().anyMatch(r -> r.name().equals("node w1") && r.value().startsWith("fails: ")),
                    none.toString());
            assertTrue(none.stream().noneMatch(r -> r.name().equals("nodes") || r.name().equals("cards")
                    || r.value().contains("is chosen")), none.toString());

            Selection small = new Selection(Selection.Kind.POD, "t", "default/small");
            List<InspectorRow> why = InspectorModel.rows(b.snapshot(), small, b.events(), (t, k) -> Optional.empty(),
                    b::plainReason, (t, k) -> Optional.ofNullable(b.trace(t, k).why())).stream()
                    .filter(r -> r.category().equals("Why this node, why this card")).toList();
            // binpack: both nodes are empty (score 0), so the node whose name sorts first wins; the card tried first
            // under spread is the emptiest, and every node and card is listed with its score
            assertTrue(why.stream().anyMatch(r -> r.name().equals("node w1") && r.value().startsWith("CHOSEN")), why
                    .toString());
            assertTrue(why.stream().anyMatch(r -> r.name().equals("node w2") && r.value().startsWith("fits, ranked 2")));
            assertEquals(3, why.stream().filter(r -> r.name().trim().matches("(\\d+\\.|-) +GPU-\\d")).count(), why
                    .toString());
            assertTrue(why.stream().anyMatch(r -> r.name().trim().startsWith("container 0 main")
                    && r.value().endsWith("1000 MB, 0 cores")), why.toString());
        }
    }
}
