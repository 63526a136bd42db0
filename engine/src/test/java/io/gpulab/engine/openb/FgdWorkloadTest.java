package io.gpulab.engine.openb;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** FGD arrivals resample the trace as the FGD artifact's experiments did (docs/openb.md, "Arrival models"). */
class FgdWorkloadTest {

    private static OpenbPod pod(String name, int numGpu, int gpuMilli) {
        return new OpenbPod(name, 1000, 1024, numGpu, gpuMilli, null, null, null, null, null, null);
    }

    private static final List<OpenbPod> TRACE = List.of(pod("a", 1, 500), pod("b", 1, 1000), pod("c", 0, 0),
            pod("d", 2, 1000), pod("e", 1, 250));

    @Test
    void theTracesPodsComeFirstInARandomOrderThenTheCopiesInTheOrderDrawn() {
        List<OpenbPod> pods = FgdWorkload.tune(TRACE, 4000, 1.3, 7);
        assertEquals(new HashSet<>(TRACE), new HashSet<>(pods.subList(0, TRACE.size())), "each trace pod once");
        List<String> copies = pods.subList(TRACE.size(), pods.size()).stream().map(OpenbPod::name).toList();
        assertTrue(!copies.isEmpty());
        for (int i = 0; i < copies.size(); i++) {
            assertTrue(copies.get(i).endsWith("-tuned-" + i), copies.get(i) + " is copy " + i);
        }
        boolean reordered = IntStream.range(0, 20).anyMatch(seed ->
                !FgdWorkload.tune(TRACE, 4000, 1.3, seed).subList(0, TRACE.size()).equals(TRACE));
        assertTrue(reordered, "the seed shuffles the trace's pods");
    }

    @Test
    void theStopTestAddsTheDrawnPodsPerCardShareAsTheArtifactDoes() {
        // one 8-card pod and one half card on a 10-card lab: target 13,000, the trace asks 8,500
        List<OpenbPod> trace = List.of(pod("big", 8, 1000), pod("half", 1, 500));
        boolean over = false;
        for (long seed = 0; seed < 40; seed++) {
            long demand = FgdWorkload.tune(trace, 10_000, 1.3, seed).stream().mapToLong(FgdWorkload::milli).sum();
            // a draw passes when demand + its per-card gpu_milli stays within 13,000; an 8-card copy then adds 8,000
            assertTrue(demand > 13_000 - 1000 && demand <= 13_000 + 7000, "seed " + seed + ": " + demand);
            over |= demand > 13_000;
        }
        assertTrue(over, "an 8-card copy accepted last takes the demand past the target, as in the artifact");
    }

    @Test
    void aTraceAskingForMoreLosesPodsAtRandomUntilItFits() {
        List<OpenbPod> pods = FgdWorkload.tune(TRACE, 2000, 1.3, 3);
        long demand = pods.stream().mapToLong(FgdWorkload::milli).sum();
        assertTrue(demand <= 2600 && pods.size() < TRACE.size(), demand + " in " + pods.size() + " pods");
        assertTrue(pods.stream().noneMatch(p -> p.name().contains("-tuned-")));
    }
}
