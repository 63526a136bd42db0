package io.gpulab.app.gui.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.lab.CardSpec;
import io.gpulab.engine.lab.HamiSettings;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.lab.TenantSpec;
import io.gpulab.engine.lab.WorkerSpec;
import io.gpulab.engine.sim.SimBackend;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The inspector shows a pending pod's per-node reasons on a large tenant, where the snapshot leaves them out. */
class InspectorPendingDetailTest {

    @Test
    void aPendingPodOnSeventyWorkersListsEveryWorkersReason() {
        List<WorkerSpec> workers = new ArrayList<>();
        for (int i = 0; i < 70; i++) {
            workers.add(new WorkerSpec("w-%02d".formatted(i), 4, 8192, List.of(CardSpec.ofModel("L4", 1)), Map.of()));
        }
        try (SimBackend b = SimBackend.start(new LabSpec("big", "", HamiSettings.DEFAULTS, LabSpec.LIFECYCLE_COMPLETE,
                List.of(new TenantSpec("t", workers))))) {
            Map<String, Object> pod = Map.of("apiVersion", "v1", "kind", "Pod", "metadata", Map.of("name", "p"),
                    "spec", Map.of("containers", List.of(Map.of("name", "main", "image", "busybox", "resources",
                            Map.of("limits", Map.of("nvidia.com/gpu", 1), "requests", Map.of("cpu", "8"))))));
            b.execute(new LabCommand.SubmitPod("t", pod));
            Selection sel = new Selection(Selection.Kind.POD, "t", "default/p");
            long plain = InspectorModel.rows(b.snapshot(), sel, b.events()).stream()
                    .filter(r -> r.category().equals("Filter: failed nodes")).count();
            List<InspectorRow> detailed = InspectorModel.rows(b.snapshot(), sel, b.events(),
                    (tenant, key) -> b.pod(tenant, key, true)).stream()
                    .filter(r -> r.category().equals("Filter: failed nodes")).toList();
            assertEquals(0, plain, "the snapshot keeps no per-node reasons on a 70-node tenant");
            assertEquals(70, detailed.size());
            assertEquals("Insufficient cpu", detailed.get(0).value());
        }
    }
}
