package io.gpulab.engine.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.scenario.BackendOptions;
import io.gpulab.engine.scenario.RunResult;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioReader;
import io.gpulab.engine.scenario.ScenarioRunner;
import io.gpulab.engine.scenario.SimBackendFactory;

import java.nio.charset.StandardCharsets;
import java.io.OutputStream;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.util.HexFormat;

/**
 * Benchmark tool (not a test): runs a scenario on the simulation as {@code gpulab run --json} does and prints a
 * SHA-256 of every step result (without its wall time), of the event log, of the snapshot's tenants and of every
 * pod's trace, each written as JSON; two builds that print the same digests made the same decisions, events and
 * traces. Run: {@code java -cp <app jar>:<engine test classes> io.gpulab.engine.bench.RunDigest SCENARIO}
 * (docs/benchmarks.md, "Saturated labs at fleet scale").
 */
public final class RunDigest {

    private static final ObjectMapper JSON = JsonMapper.builder().addModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).build();

    private RunDigest() {
    }

    public static void main(String[] args) throws Exception {
        Scenario s = new ScenarioReader().load(args[0]);
        try (LabBackend lab = new SimBackendFactory().open(s.lab(), BackendOptions.NONE)) {
            RunResult r = new ScenarioRunner(lab).run(s);
            MessageDigest steps = MessageDigest.getInstance("SHA-256");
            for (var step : r.steps()) {
                steps.update(step.timed(null, 0).toString().getBytes(StandardCharsets.UTF_8));
            }
            MessageDigest events = MessageDigest.getInstance("SHA-256");
            write(events, lab.events());
            LabSnapshot snap = lab.snapshot();
            MessageDigest tenants = MessageDigest.getInstance("SHA-256");
            write(tenants, snap.tenants());
            MessageDigest traces = MessageDigest.getInstance("SHA-256");
            int pods = 0;
            for (TenantView t : snap.tenants()) {
                for (PodView p : t.pods()) {
                    write(traces, lab.trace(t.name(), p.key()));
                    pods++;
                }
            }
            HexFormat hex = HexFormat.of();
            System.out.println(args[0] + ": " + r.steps().size() + " steps, " + lab.events().size() + " events, "
                    + pods + " traces");
            System.out.println("steps   " + hex.formatHex(steps.digest()));
            System.out.println("events  " + hex.formatHex(events.digest()));
            System.out.println("tenants " + hex.formatHex(tenants.digest()));
            System.out.println("traces  " + hex.formatHex(traces.digest()));
        }
    }

    /** Streams the value's JSON into the digest (a large lab's event log is hundreds of megabytes). */
    private static void write(MessageDigest md, Object value) throws java.io.IOException {
        JSON.writeValue(new DigestOutputStream(OutputStream.nullOutputStream(), md), value);
    }
}
