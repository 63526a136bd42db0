package io.gpulab.engine.snapshot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A platform's HAMi Helm values ({@code values.yaml} of the HAMi chart, or the override file a team deploys with)
 * as a scenario's {@code lab.hami}: resource names, scheduler name and policies, webhook settings, the device
 * plugin's split count and scalings, per-node {@code nodeConfiguration.config} entries. Every other key is listed
 * as not read, by its dotted path, so nothing is silently dropped.
 */
public final class HamiValues {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Chart key path to lab.hami key. */
    private static final Map<String, String> KEYS = Map.ofEntries(
            Map.entry("resourceName", "resourceName"), Map.entry("resourceMem", "resourceMem"),
            Map.entry("resourceMemPercentage", "resourceMemPercentage"), Map.entry("resourceCores", "resourceCores"),
            Map.entry("resourcePriority", "resourcePriority"), Map.entry("schedulerName", "schedulerName"),
            Map.entry("scheduler.defaultSchedulerPolicy.nodeSchedulerPolicy", "nodeSchedulerPolicy"),
            Map.entry("scheduler.defaultSchedulerPolicy.gpuSchedulerPolicy", "gpuSchedulerPolicy"),
            Map.entry("scheduler.forceOverwriteDefaultScheduler", "forceOverwriteDefaultScheduler"),
            Map.entry("scheduler.nodeLockExpire", "nodeLockExpire"),
            Map.entry("scheduler.admissionWebhook.failurePolicy", "webhookFailurePolicy"),
            Map.entry("devicePlugin.deviceSplitCount", "deviceSplitCount"),
            Map.entry("devicePlugin.deviceMemoryScaling", "deviceMemoryScaling"),
            Map.entry("devicePlugin.deviceCoreScaling", "deviceCoreScaling"),
            Map.entry("devices.nvidia.gpuCorePolicy", "gpuCorePolicy"));
    private static final String NODE_CONFIG = "devicePlugin.nodeConfiguration.config";
    /** {@code nodeconfig[]} JSON keys to lab.hami.nodeConfig keys. */
    private static final Map<String, String> NODE_KEYS = Map.of("name", "name", "devicesplitcount", "deviceSplitCount",
            "devicememoryscaling", "deviceMemoryScaling", "devicecorescaling", "deviceCoreScaling",
            "operatingmode", "operatingMode");
    /** Scalars the chart writes as strings that the lab reads as numbers or booleans. */
    private static final Set<String> NUMERIC = Set.of("deviceSplitCount", "deviceMemoryScaling", "deviceCoreScaling");

    /**
     * @param hami    the {@code lab.hami} mapping
     * @param notRead dotted paths of keys the lab does not read, with why
     */
    public record Result(Map<String, Object> hami, List<String> notRead) {

        public Result {
            notRead = List.copyOf(notRead);
        }
    }

    private HamiValues() {
    }

    /** @throws IOException when the file is not YAML */
    public static Result read(Path file) throws IOException {
        io.gpulab.engine.scenario.InputFile.requireRegular(file, "--hami-values", MAX_BYTES);
        JsonNode root;
        try {
            root = YAML.readTree(file.toFile());
        } catch (com.fasterxml.jackson.core.JacksonException e) {
            throw new IOException(file + ": not a YAML document: " + io.gpulab.engine.scenario.Quote.clip(
                    e.getOriginalMessage().lines().findFirst().orElse("")), e);
        }
        if (root != null && !root.isNull() && !root.isMissingNode() && !root.isObject()) {
            // e.g. /etc/passwd, one long string: its values would be none, silently
            throw new IOException(file + ": not Helm values: the document is "
                    + root.getNodeType().toString().toLowerCase(java.util.Locale.ROOT) + ", not a mapping of keys");
        }
        return of(root == null || !root.isObject() ? YAML.createObjectNode() : root);
    }

    /** Largest values file read (HAMi's chart values.yaml is about 10 KB; SnakeYAML reads at most 3 MB). */
    public static final long MAX_BYTES = 2L * 1024 * 1024;

    static Result of(JsonNode root) {
        Map<String, Object> hami = new LinkedHashMap<>();
        List<String> notRead = new ArrayList<>();
        walk("", root, hami, notRead);
        return new Result(hami, notRead);
    }

    private static void walk(String path, JsonNode n, Map<String, Object> hami, List<String> notRead) {
        if (NODE_CONFIG.equals(path)) {
            nodeConfig(n, hami, notRead);
            return;
        }
        String key = KEYS.get(path);
        if (key != null && n.isNull()) {
            notRead.add(path + ": null, not set (the lab keeps its default)");
            return;
        }
        if (key != null && !n.isContainerNode()) {
            try {
                hami.put(key, scalar(key, n));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(path + ": \"" + n.asText() + "\" is not a number", e);
            }
            return;
        }
        if (n.isObject() && !n.isEmpty()) {
            n.fields().forEachRemaining(e -> walk(path.isEmpty() ? e.getKey() : path + "." + e.getKey(), e.getValue(),
                    hami, notRead));
            return;
        }
        if (!path.isEmpty()) {
            notRead.add(path + ": not modelled by the lab");
        }
    }

    private static Object scalar(String key, JsonNode n) {
        String text = n.asText();
        if (NUMERIC.contains(key)) {
            return "deviceSplitCount".equals(key) ? (Object) Integer.parseInt(text.trim())
                    : (Object) Double.parseDouble(text.trim());
        }
        if ("forceOverwriteDefaultScheduler".equals(key)) {
            return Boolean.parseBoolean(text.trim());
        }
        return text;
    }

    private static void nodeConfig(JsonNode n, Map<String, Object> hami, List<String> notRead) {
        JsonNode cfg;
        try {
            cfg = JSON.readTree(n.asText());
        } catch (com.fasterxml.jackson.core.JacksonException e) {
            notRead.add(NODE_CONFIG + ": not JSON (" + e.getOriginalMessage() + ")");
            return;
        }
        List<Object> out = new ArrayList<>();
        JsonNode list = cfg == null ? null : cfg.get("nodeconfig");
        if (list == null || !list.isArray()) {
            notRead.add(NODE_CONFIG + ": no nodeconfig list");
            return;
        }
        for (int i = 0; i < list.size(); i++) {
            JsonNode e = list.get(i);
            Map<String, Object> entry = new LinkedHashMap<>();
            int idx = i;
            e.fields().forEachRemaining(f -> {
                String k = NODE_KEYS.get(f.getKey());
                if (k != null) {
                    entry.put(k, f.getValue().isNumber() ? f.getValue().numberValue() : f.getValue().asText());
                } else if ("filterdevices".equals(f.getKey())) {
                    Map<String, Object> filter = new LinkedHashMap<>();
                    List<Object> uuids = new ArrayList<>();
                    f.getValue().path("uuid").forEach(u -> uuids.add(u.asText()));
                    List<Object> indexes = new ArrayList<>();
                    f.getValue().path("index").forEach(x -> indexes.add(x.asInt()));
                    filter.put("uuid", uuids);
                    filter.put("index", indexes);
                    entry.put("filterDevices", filter);
                } else {
                    notRead.add(NODE_CONFIG + " nodeconfig[" + idx + "]." + f.getKey() + ": not modelled by the lab");
                }
            });
            out.add(entry);
        }
        hami.put("nodeConfig", out);
    }
}
