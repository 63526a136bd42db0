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

    /** The manifest, or null (listed in {@code skipped}) when the pod cannot exist in a lab. */
    static @Nullable Map<String, Object> of(Pod p, String tenant, List<String> skipped) {
        String where = tenant + ": Pod " + key(p);
        if (p.getSpec() == null || p.getSpec().getContainers() == null || p.getSpec().getContainers().isEmpty()) {
            skipped.add(where + " spec.containers: none (the pod is not imported)");
            return null;
        }
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("name", p.getMetadata().getName());
        meta.put("namespace", p.getMetadata().getNamespace() == null ? "default" : p.getMetadata().getNamespace());
        if (p.getMetadata().getLabels() != null && !p.getMetadata().getLabels().isEmpty()) {
            meta.put("labels", new LinkedHashMap<>(p.getMetadata().getLabels()));
        }
        if (p.getMetadata().getAnnotations() != null && !p.getMetadata().getAnnotations().isEmpty()) {
            meta.put("annotations", new LinkedHashMap<>(p.getMetadata().getAnnotations()));
        }
        annotationProblems(p, where, skipped);
        Map<String, Object> spec = new LinkedHashMap<>();
        if (p.getSpec().getSchedulerName() != null) {
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
            if (c.getImage() == null || c.getImage().isBlank()) {
                skipped.add(at + ".image: missing (imported as 'unknown')");
            }
            m.put("image", c.getImage() == null || c.getImage().isBlank() ? "unknown" : c.getImage());
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
            if (validQuantity(q)) {
                out.put(k, q.toString());
            } else {
                skipped.add(where + "[" + k + "]: \"" + q + "\" is not a Kubernetes quantity (left out)");
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

    /** Whether the value is a Kubernetes quantity (fabric8 binds any string; the API server would not). */
    static boolean validQuantity(@Nullable Quantity q) {
        if (q == null) {
            return false;
        }
        try {
            BigDecimal v = q.getNumericalAmount();
            return v.signum() >= 0;
        } catch (RuntimeException e) {
            return false;
        }
    }
}
