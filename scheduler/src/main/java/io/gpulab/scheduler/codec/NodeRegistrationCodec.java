package io.gpulab.scheduler.codec;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpulab.scheduler.model.DeviceInfo;
import io.gpulab.scheduler.model.MigPlacement;
import io.gpulab.scheduler.model.MigProfile;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code hami.io/node-nvidia-register}: the v2.8+ JSON array (Go field order, zero values omitted) and
 * the legacy colon-terminated form with 9 fields (v2.5-v2.7) or 7 fields (up to v2.4).
 */
public final class NodeRegistrationCodec {

    private static final String ANNOTATION = HamiAnnotations.NODE_NVIDIA_REGISTER;
    private static final ObjectMapper JSON = new ObjectMapper();

    private NodeRegistrationCodec() {
    }

    /** The v2.10 JSON form, e.g. {@code [{"id":"GPU-0","count":10,"devmem":81920,...,"health":true}]}. */
    public static String encodeJson(List<DeviceInfo> devices) {
        ArrayNode array = JSON.createArrayNode();
        for (DeviceInfo d : devices) {
            ObjectNode o = array.addObject();
            putIfNotEmpty(o, "id", d.id());
            putIfNotZero(o, "index", d.index());
            putIfNotZero(o, "count", d.count());
            putIfNotZero(o, "devmem", d.devMem());
            putIfNotZero(o, "devcore", d.devCore());
            putIfNotEmpty(o, "type", d.type());
            putIfNotZero(o, "numa", d.numa());
            putIfNotEmpty(o, "mode", d.mode());
            if (d.health()) {
                o.put("health", true);
            }
            if (!d.migProfiles().isEmpty()) {
                ArrayNode profiles = o.putArray("migProfiles");
                for (MigProfile p : d.migProfiles()) {
                    ObjectNode po = profiles.addObject();
                    po.put("name", p.name());
                    po.put("memoryMB", p.memoryMB());
                    po.put("core", p.core());
                    po.put("sliceCount", p.sliceCount());
                    ArrayNode pl = po.putArray("placements");
                    p.placements().forEach(x -> pl.addObject().put("start", x.start()).put("size", x.size()));
                }
            }
        }
        return array.toString();
    }

    /** The 9-field legacy form {@code <uuid>,<count>,<devmem>,<devcore>,<type>,<numa>,<health>,<index>,<mode>:}. */
    public static String encodeLegacy(List<DeviceInfo> devices) {
        StringBuilder sb = new StringBuilder();
        for (DeviceInfo d : devices) {
            sb.append(d.id()).append(',').append(d.count()).append(',').append(d.devMem()).append(',')
                    .append(d.devCore()).append(',').append(d.type()).append(',').append(d.numa()).append(',')
                    .append(d.health()).append(',').append(d.index()).append(',').append(d.mode()).append(':');
        }
        return sb.toString();
    }

    /** Decodes either form: a value starting with {@code [} or a brace is JSON, anything else the legacy form. */
    public static Decoded<List<DeviceInfo>> decode(String value) {
        String t = value.trim();
        return t.startsWith("[") || t.startsWith("{") ? decodeJson(value) : decodeLegacy(value);
    }

    /** The JSON form only (what the v2.10 scheduler accepts). {@code []} is HAMi's "no gpu found on node". */
    public static Decoded<List<DeviceInfo>> decodeJson(String value) {
        JsonNode root;
        try {
            root = JSON.readTree(value);
        } catch (JsonProcessingException e) {
            return Decoded.fail(ANNOTATION, value, "invalid JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.isArray()) {
            return Decoded.fail(ANNOTATION, value, "expected a JSON array of devices");
        }
        if (root.isEmpty()) {
            return Decoded.fail(ANNOTATION, value, NodeDevices.NO_GPU);
        }
        List<DeviceInfo> out = new ArrayList<>();
        for (JsonNode n : root) {
            if (!n.isObject()) {
                return Decoded.fail(ANNOTATION, n.toString(), "expected a JSON object per device");
            }
            String bad = firstBadField(n);
            if (!bad.isEmpty()) {
                return Decoded.fail(ANNOTATION, bad + "=" + n.get(bad), "field \"" + bad + "\" has the wrong type");
            }
            out.add(new DeviceInfo(n.path("id").asText(""), n.path("index").asInt(0), n.path("count").asInt(0),
                    n.path("devmem").asInt(0), n.path("devcore").asInt(0), n.path("type").asText(""),
                    n.path("numa").asInt(0), n.path("mode").asText(""), n.path("health").asBoolean(false),
                    migProfiles(n.path("migProfiles"))));
        }
        return Decoded.ok(List.copyOf(out));
    }

    /** {@code migProfiles} (v2.10, MIG cards): name, memoryMB, core, sliceCount, placements[{start, size}]. */
    private static List<MigProfile> migProfiles(JsonNode array) {
        List<MigProfile> out = new ArrayList<>();
        for (JsonNode p : array) {
            List<MigPlacement> placements = new ArrayList<>();
            for (JsonNode x : p.path("placements")) {
                placements.add(new MigPlacement(x.path("start").asInt(0), x.path("size").asInt(0)));
            }
            out.add(new MigProfile(p.path("name").asText(""), p.path("memoryMB").asInt(0), p.path("core").asInt(0),
                    p.path("sliceCount").asInt(0), placements));
        }
        return out;
    }

    private static String firstBadField(JsonNode n) {
        for (String f : List.of("index", "count", "devmem", "devcore", "numa")) {
            if (n.has(f) && !n.get(f).isIntegralNumber() && !n.get(f).isNull()) {
                return f;
            }
        }
        for (String f : List.of("id", "type", "mode")) {
            if (n.has(f) && !n.get(f).isTextual() && !n.get(f).isNull()) {
                return f;
            }
        }
        return n.has("health") && !n.get("health").isBoolean() && !n.get("health").isNull() ? "health" : "";
    }

    /** The legacy colon form with 7 or 9 fields per device ({@code DecodeNodeDevices}). */
    public static Decoded<List<DeviceInfo>> decodeLegacy(String value) {
        if (!value.contains(":")) {
            return Decoded.fail(ANNOTATION, value, "node annotation missing device separator");
        }
        List<DeviceInfo> out = new ArrayList<>();
        for (String seg : value.split(":", -1)) {
            if (seg.isEmpty()) {
                continue;
            }
            if (!seg.contains(",")) {
                return Decoded.fail(ANNOTATION, seg, "malformed node annotation segment: \"" + seg + "\"");
            }
            Decoded<DeviceInfo> d = LegacyDeviceFields.parse(ANNOTATION, seg.split(",", -1), seg);
            if (!d.isOk()) {
                return Decoded.fail(d.error());
            }
            out.add(d.value());
        }
        return Decoded.ok(List.copyOf(out));
    }

    private static void putIfNotZero(ObjectNode o, String key, int v) {
        if (v != 0) {
            o.put(key, v);
        }
    }

    private static void putIfNotEmpty(ObjectNode o, String key, String v) {
        if (!v.isEmpty()) {
            o.put(key, v);
        }
    }
}
