package io.gpulab.engine.snapshot;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.gpulab.scheduler.codec.BindPhase;
import io.gpulab.scheduler.codec.Decoded;
import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.codec.PodDevicesCodec;
import io.gpulab.scheduler.model.PodDevices;
import io.gpulab.engine.scenario.Quote;
import org.jspecify.annotations.Nullable;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A dumped Pod as the scenario's existing-pod manifest: what HAMi and the lab read (annotations, labels, scheduler
 * name, node, containers' names, images and resources, phase, init containers' exit codes) and nothing else: no
 * env, volumes or status messages, so no configuration data leaves the cluster in a scenario.
 */
final class PodManifest {

    private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");

    private PodManifest() {
    }

    static String key(Pod p) {
        String ns = p.getMetadata().getNamespace();
        return (ns == null ? "default" : ns) + "/" + p.getMetadata().getName();
    }

    /** Why the API server would refuse the pod's name or namespace, or null. */
    static @Nullable String nameProblem(Pod p) {
        String name = p.getMetadata().getName();
        String ns = p.getMetadata().getNamespace();
        if (!SnapshotImporter.validName(name, 253)) {
            return "metadata.name: not a valid pod name (lower-case letters, digits, '-' and '.'; at most 253)";
        }
        if (ns != null && (ns.length() > 63 || !DNS_LABEL.matcher(ns).matches())) {
            return "metadata.namespace: not a valid namespace (a DNS label)";
        }
        return null;
    }

    /**
     * The manifest, or null (listed in {@code skipped}) when the pod cannot exist in a lab.
     *
     * @param where the pod as messages name it ({@code tenant-a: a.yaml:12: Pod default/x})
     */
    static @Nullable Map<String, Object> of(Pod p, String where, List<String> skipped) {
        if (p.getSpec() == null || p.getSpec().getContainers() == null || p.getSpec().getContainers().isEmpty()) {
            skipped.add(where + " spec.containers: none (the pod is not imported)");
            return null;
        }
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("name", p.getMetadata().getName());
        meta.put("namespace", p.getMetadata().getNamespace() == null ? "default" : p.getMetadata().getNamespace());
        Map<String, String> labels = bounded(p.getMetadata().getLabels(), where + " metadata.labels", skipped);
        if (!labels.isEmpty()) {
            meta.put("labels", labels);
        }
        Map<String, String> annotations = bounded(p.getMetadata().getAnnotations(), where + " metadata.annotations",
                skipped);
        if (!annotations.isEmpty()) {
            meta.put("annotations", annotations);
        }
        annotationProblems(p, where, skipped);
        Map<String, Object> spec = new LinkedHashMap<>();
        if (p.getSpec().getSchedulerName() != null
                && p.getSpec().getSchedulerName().length() <= DumpLimits.MAX_VALUE_CHARS) {
            spec.put("schedulerName", p.getSpec().getSchedulerName());
        }
        if (p.getSpec().getNodeName() != null) {
            spec.put("nodeName", p.getSpec().getNodeName());
        }
        if (p.getSpec().getInitContainers() != null && !p.getSpec().getInitContainers().isEmpty()) {
            spec.put("initContainers", containers(p.getSpec().getInitContainers(), where + " spec.initContainers",
                    skipped));
        }
        spec.put("containers", containers(p.getSpec().getContainers(), where + " spec.containers", skipped));
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("apiVersion", "v1");
        m.put("kind", "Pod");
        m.put("metadata", meta);
        m.put("spec", spec);
        m.put("status", status(p));
        return m;
    }

    /** A label or annotation map without the values longer than a scenario holds (each listed). */
    private static Map<String, String> bounded(@Nullable Map<String, String> from, String where,
                                               List<String> skipped) {
        Map<String, String> out = new LinkedHashMap<>();
        if (from == null) {
            return out;
        }
        from.forEach((k, v) -> {
            int length = k.length() + (v == null ? 0 : v.length());
            if (length > DumpLimits.MAX_VALUE_CHARS) {
                skipped.add(where + "[" + Quote.clip(k) + "]: " + length + " characters; a value is limited to "
                        + DumpLimits.MAX_VALUE_CHARS + " (left out)");
            } else {
                out.put(k, v == null ? "" : v);
            }
        });
        return out;
    }

    /** HAMi's pod annotations that do not decode: kept verbatim (the lab reports them as HAMi does), and listed. */
    private static void annotationProblems(Pod p, String where, List<String> skipped) {
        Map<String, String> ann = p.getMetadata().getAnnotations();
        if (ann == null) {
            return;
        }
        boolean cached = ann.containsKey(HamiAnnotations.VGPU_NODE);
        for (String key : List.of(HamiAnnotations.DEVICES_ALLOCATED, HamiAnnotations.DEVICES_TO_ALLOCATE)) {
            String v = ann.get(key);
            if (v != null) {
                Decoded<PodDevices> d = PodDevicesCodec.decode(key, v);
                if (!d.isOk()) {
                    skipped.add(where + " metadata.annotations[" + key + "]: " + d.error().message()
                            + (cached && key.equals(HamiAnnotations.DEVICES_ALLOCATED)
                            ? " (kept verbatim; HAMi skips the pod's usage)" : " (kept verbatim)"));
                }
            }
        }
        String phase = ann.get(HamiAnnotations.BIND_PHASE);
        if (phase != null && !BindPhase.decode(phase).isOk()) {
            skipped.add(where + " metadata.annotations[" + HamiAnnotations.BIND_PHASE + "]: "
                    + BindPhase.decode(phase).error().message() + " (kept verbatim)");
        }
    }

    private static List<Object> containers(List<Container> cs, String where, List<String> skipped) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < cs.size(); i++) {
            Container c = cs.get(i);
            String at = where + "[" + i + "]";
            Map<String, Object> m = new LinkedHashMap<>();
            String name = c.getName();
            if (name == null || !DNS_LABEL.matcher(name).matches()) {
                skipped.add(at + ".name: '" + name + "' is not a container name (imported as c" + i + ")");
                name = "c" + i;
            }
            m.put("name", name);
            String image = c.getImage();
            if (image == null || image.isBlank() || image.length() > DumpLimits.MAX_VALUE_CHARS) {
                skipped.add(at + ".image: " + (image == null || image.isBlank() ? "missing"
                        : image.length() + " characters") + " (imported as 'unknown')");
                image = "unknown";
            }
            m.put("image", image);
            Map<String, Object> res = new LinkedHashMap<>();
            if (c.getResources() != null) {
                quantities(c.getResources().getLimits(), at + ".resources.limits", skipped, res, "limits");
                quantities(c.getResources().getRequests(), at + ".resources.requests", skipped, res, "requests");
            }
            if (!res.isEmpty()) {
                m.put("resources", res);
            }
            out.add(m);
        }
        return out;
    }

    private static void quantities(@Nullable Map<String, Quantity> from, String where, List<String> skipped,
                                   Map<String, Object> res, String section) {
        if (from == null || from.isEmpty()) {
            return;
        }
        Map<String, String> out = new LinkedHashMap<>();
        from.forEach((k, q) -> {
            String problem = KubeQuantity.problem(k, q);
            if (problem == null && k.length() <= 253) {
                out.put(k, q.toString());
            } else {
                skipped.add(where + "[" + Quote.clip(k) + "]: " + (problem == null ? "not a resource name" : problem)
                        + " (left out)");
            }
        });
        if (!out.isEmpty()) {
            res.put(section, out);
        }
    }

    private static Map<String, Object> status(Pod p) {
        Map<String, Object> s = new LinkedHashMap<>();
        String phase = p.getStatus() == null ? null : p.getStatus().getPhase();
        s.put("phase", phase == null ? "Pending" : phase);
        List<ContainerStatus> inits = p.getStatus() == null ? null : p.getStatus().getInitContainerStatuses();
        if (inits != null && !inits.isEmpty()) {
            List<Object> out = new ArrayList<>();
            for (ContainerStatus cs : inits) {
                Map<String, Object> st = new LinkedHashMap<>();
                st.put("name", cs.getName());
                if (cs.getState() != null && cs.getState().getTerminated() != null) {
                    st.put("state", Map.of("terminated", Map.of("exitCode",
                            cs.getState().getTerminated().getExitCode() == null ? -1
                                    : cs.getState().getTerminated().getExitCode())));
                }
                out.add(st);
            }
            s.put("initContainerStatuses", out);
        }
        return s;
    }
}
