package io.gpulab.engine.bench;

import io.gpulab.engine.openb.OpenbCsv;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The fidelity benchmark's reference lab (benchmark-only, docs/benchmarks.md "Fidelity") models the lab as the sim
 * does: following the sim's own decisions on an FGD replay, every placement fits it and no pending pod does.
 */
class ReferenceLabTest {

    private static Path resource(String name) throws Exception {
        return Path.of(ReferenceLabTest.class.getResource("/openb/" + name).toURI());
    }

    @Test
    void followsEverySimDecisionOnAnFgdReplayOfTheSlice() throws Exception {
        FidelityBench.Result r = FidelityBench.run(OpenbCsv.nodes(resource("nodes-slice.csv")),
                OpenbCsv.pods(resource("pods-slice.csv")), 42, List.of(FgdBestFit.ARTIFACT));
        assertTrue(r.hamiPending() > 0, "the replay saturates the slice: " + r.hamiPending() + " pending");
        assertEquals(0, r.disagreements(), "decisions the reference lab could not have made");
    }

    @Test
    void itsHamiLikeVariantDecidesAsTheSimSoTheDecompositionMeasuresPolicyAlone() throws Exception {
        FgdBestFit.Variant hamiLike = FidelityBench.VARIANTS.get(3);
        assertTrue(hamiLike.name().startsWith("HAMi-like"), hamiLike.name());
        FidelityBench.Result r = FidelityBench.run(OpenbCsv.nodes(resource("nodes-slice.csv")),
                OpenbCsv.pods(resource("pods-slice.csv")), 43, List.of(hamiLike));
        double[] ref = r.refs().get(0);
        assertEquals(r.hamiPending(), (int) ref[2], "pending pods");
        assertEquals(r.hami100(), ref[0], "allocation at 100 %");
        assertEquals(r.hami130(), ref[1], "allocation at 130 %");
    }

    @Test
    void bestFitScoresFreeCpuAndGpuAfterThePodAsTheArtifact() {
        RefPod p = new RefPod("p", 8000, 1024, 1, 50, 50, List.of());
        // 1 - (0.5 * 56000 / 128000 + 0.5 * 1500 / 8000) = 0.6875, scaled to 100 and truncated
        assertEquals(68, FgdBestFit.score(64_000, 2000, p, 0.5, 0.5));
        assertEquals(100, FgdBestFit.score(8000, 500, p, 0.5, 0.5), "a node the pod fills exactly scores best");
    }
}
