package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeCondition;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.Taint;
import io.gpulab.engine.api.NodeTaint;
import io.gpulab.engine.api.StatusCondition;
import org.jspecify.annotations.Nullable;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * A node's {@code status.conditions} and {@code spec.taints} and a pod's Ready condition, read as the cluster states
 * them (data, never guessed): a time that is not one is left out with a warning line naming the field.
 */
final class ObjectConditions {

    private ObjectConditions() {
    }

    static List<StatusCondition> of(Node node, List<String> warnings) {
        List<StatusCondition> out = new ArrayList<>();
        if (node.getStatus() == null || node.getStatus().getConditions() == null) {
            return out;
        }
        for (NodeCondition c : node.getStatus().getConditions()) {
            String type = str(c.getType());
            out.add(new StatusCondition(type, str(c.getStatus()), str(c.getReason()), str(c.getMessage()),
                    time(c.getLastTransitionTime(), "status.conditions[type=" + type + "].lastTransitionTime",
                            warnings)));
        }
        return out;
    }

    static List<NodeTaint> taints(Node node, List<String> warnings) {
        List<NodeTaint> out = new ArrayList<>();
        if (node.getSpec() == null || node.getSpec().getTaints() == null) {
            return out;
        }
        for (Taint t : node.getSpec().getTaints()) {
            out.add(new NodeTaint(str(t.getKey()), str(t.getValue()), str(t.getEffect()), time(t.getTimeAdded(),
                    "spec.taints[key=" + str(t.getKey()) + "].timeAdded", warnings)));
        }
        return out;
    }

    /** The pod's Ready condition, or null when it has none (not bound, or no kubelet reported it). */
    static @Nullable StatusCondition ready(Pod pod, List<String> warnings) {
        if (pod.getStatus() == null || pod.getStatus().getConditions() == null) {
            return null;
        }
        for (PodCondition c : pod.getStatus().getConditions()) {
            if (StatusCondition.READY.equals(c.getType())) {
                return new StatusCondition(StatusCondition.READY, str(c.getStatus()), str(c.getReason()),
                        str(c.getMessage()), time(c.getLastTransitionTime(),
                        "status.conditions[type=Ready].lastTransitionTime", warnings));
            }
        }
        return null;
    }

    private static @Nullable Instant time(@Nullable String value, String field, List<String> warnings) {
        if (value == null || value.isEmpty()) {
            return null;
        }
        try {
            return Instant.parse(value);
        } catch (DateTimeParseException e) {
            warnings.add(field + " \"" + value + "\" is not an RFC 3339 time (left out)");
            return null;
        }
    }

    private static String str(@Nullable String s) {
        return s == null ? "" : s;
    }
}
