package io.gpulab.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plan lifted past its work bound with {@code --max-work} may still not fit in memory: 200,000 pods on 100,000
 * workers of 8 cards, estimated at 1,902 MB of heap, which would take a process past gpulab's 2 GB. In a JVM whose
 * heap nobody set (the launcher's), it is refused before any replay, in one line with the estimate and the limit,
 * and nothing is written.
 */
class PlanMemoryRefusalTest {

    @Test
    void aPlanPastTheMemoryBoundIsRefusedUpFrontWithTheEstimateAndTheLimitAndWritesNothing(@TempDir Path dir)
            throws Exception {
        Path plan = Files.writeString(dir.resolve("p.yaml"), """
                apiVersion: gpulab.io/v1
                kind: Plan
                metadata: {name: too-big}
                workload:
                  pods:
                    - {name: chat, count: 200000, gpuMemMB: 2000}
                candidates:
                  - {name: a, worker: {cards: [{model: L4-24GB, count: 8}]}, workers: 100000}
                  - {name: b, worker: {cards: [{model: L4-24GB, count: 8}]}, workers: 2}
                """);
        Path pdf = dir.resolve("r.pdf");
        Path csv = dir.resolve("csv");
        ChildGpulab.Result r = ChildGpulab.run(dir, List.of(), "plan", plan.toString(), "--max-work", "100000000",
                "--json", "--out", pdf.toString(), "--csv", csv.toString());
        String all = r.out() + r.err();
        assertEquals(2, r.exit(), all);
        assertEquals("", r.out(), "no JSON");
        assertEquals(1, r.err().lines().count(), all);
        // the limit is 1,400 MB, or a smaller heap where the machine's memory gives the JVM less by default
        assertTrue(Pattern.compile("gpulab plan: (" + Pattern.quote(plan.toString()) + ": )?this plan needs about "
                + "1,902 MB of heap \\(400,000 pods at 2\\.5 KB, 100,002 workers at 2\\.5 KB and 800,016 cards at 0\\.75 "
                + "KB in the 2 replays that run at once, and 96 MB for the JVM and the plan\\), more than the "
                + "(1,400 MB a plan may use \\(gpulab's 2 GB for a process, .*which is then the bound"
                + "|[\\d,]+ MB this JVM's heap holds: .*)\\R").matcher(r.err()).matches(), all);
        try (var left = Files.list(dir)) {
            assertEquals(List.of("p.yaml"), left.map(f -> f.getFileName().toString())
                    .filter(f -> !f.startsWith("std")).sorted().toList(), "no report, CSV or temporary file");
        }
    }
}
