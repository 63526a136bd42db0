package io.gpulab.engine.scenario;

import static io.gpulab.engine.scenario.StepReader.opt;

import io.gpulab.engine.api.ReasonCodes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads a pod expectation ({@code expect} of a submit, and {@code expectPod}); a reason must be a known code. */
final class PodExpectReader {

    private PodExpectReader() {
    }

    static PodExpect read(ScenarioNode e) {
        String phase = e.has("phase") ? e.get("phase").choice("Pending", "Running", "Succeeded", "Failed", "Rejected")
                : null;
        List<String> devices = e.has("devices") ? e.get("devices").texts() : null;
        Map<String, String> failed = null;
        if (e.has("failedNodes")) {
            failed = new LinkedHashMap<>();
            for (var entry : e.get("failedNodes").entries().entrySet()) {
                failed.put(entry.getKey(), entry.getValue().scalar());
            }
        }
        String reason = null;
        if (e.has("reason")) {
            reason = e.get("reason").scalar();
            if (ReasonCodes.find(reason).isEmpty()) {
                throw e.get("reason").error("unknown reason '" + Quote.clip(reason) + "': reason matches one code "
                        + "exactly (for part of the message use messageContains); valid reasons: "
                        + ReasonCodes.list());
            }
        }
        return new PodExpect(phase, opt(e, "node"), devices, reason, failed, opt(e, "schedulerName"),
                e.has("hamiAllocated") ? e.get("hamiAllocated").bool() : null, opt(e, "message"),
                opt(e, "messageContains"));
    }

    /** The keys of an {@code expectPod} step: its pod, and the expectation inline. */
    static String[] withTenantAndPod() {
        List<String> keys = new ArrayList<>(List.of("tenant", "pod"));
        keys.addAll(List.of(StepReader.EXPECT_KEYS));
        return keys.toArray(String[]::new);
    }
}
