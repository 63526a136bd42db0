package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Quantity;
import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.LockView;
import io.gpulab.engine.api.NodeView;
import io.gpulab.scheduler.codec.Decoded;
import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.codec.NodeLockCodec;
import io.gpulab.scheduler.codec.NodeLockValue;
import io.gpulab.scheduler.codec.NodeRegistrationCodec;
import io.gpulab.scheduler.model.DeviceInfo;
import io.gpulab.scheduler.model.DeviceUsage;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * A tenant node as the snapshot shows it: registered cards (scheduler/'s NodeRegistrationCodec), the
 * usage HAMi would reconstruct from its pods, and the node lock (NodeLockCodec). Undecodable content
 * becomes a warning on the node.
 */
final class NodeDecoder {

    /** Every annotation name HAMi uses; any other {@code hami.io/} key is reported as unknown. */
    private static final Set<String> KNOWN = knownAnnotations();

    private NodeDecoder() {
    }

    /** The cards registered on the node, or a warning and no cards. */
    static Decoded<List<DeviceInfo>> registered(Node node) {
        String value = annotations(node).get(HamiAnnotations.NODE_NVIDIA_REGISTER);
        return value == null ? Decoded.ok(List.of()) : NodeRegistrationCodec.decode(value);
    }

    static NodeView view(Node node, List<DeviceUsage> usage, Map<String, List<String>> podsByCard,
                         Duration lockExpire) {
        Map<String, String> ann = annotations(node);
        List<String> warnings = new ArrayList<>();
        Decoded<List<DeviceInfo>> reg = registered(node);
        if (!reg.isOk()) {
            warnings.add(String.valueOf(reg.error()));
        }
        List<CardView> cards = new ArrayList<>();
        for (DeviceUsage u : usage) {
            DeviceInfo i = u.info();
            cards.add(new CardView(i.id(), i.index(), i.type(), i.devMem(), u.usedMem(), i.devCore(), u.usedCores(),
                    i.count(), u.usedSlots(), i.health(), i.numa(), i.mode(),
                    podsByCard.getOrDefault(i.id(), List.of())));
        }
        LockView lock = null;
        String lockValue = ann.get(HamiAnnotations.MUTEX_LOCK);
        if (lockValue != null) {
            Decoded<NodeLockValue> d = NodeLockCodec.decode(lockValue);
            if (d.isOk()) {
                NodeLockValue v = d.value();
                String holder = v.legacy() ? "" : v.namespace() + "/" + v.podName();
                lock = new LockView(true, holder, v.since(), v.since().plus(lockExpire));
            } else {
                warnings.add(String.valueOf(d.error()));
            }
        }
        warnings.addAll(unknownHamiKeys(ann));
        Map<String, String> capacity = new TreeMap<>();
        Map<String, Quantity> cap = node.getStatus() == null ? null : node.getStatus().getCapacity();
        if (cap != null) {
            cap.forEach((k, q) -> capacity.put(k, q.toString()));
        }
        List<io.gpulab.engine.api.StatusCondition> conditions = ObjectConditions.of(node, warnings);
        List<io.gpulab.engine.api.NodeTaint> taints = ObjectConditions.taints(node, warnings);
        return new NodeView(node.getMetadata().getName(), (int) Math.round(amount(cap, "cpu")),
                (int) (amount(cap, "memory") / (1024 * 1024)), new TreeMap<>(ann), capacity, cards, lock, warnings,
                0, 0, conditions, taints);
    }

    static List<String> unknownHamiKeys(Map<String, String> ann) {
        return ann.keySet().stream().filter(k -> k.startsWith("hami.io/") && !KNOWN.contains(k)).sorted()
                .map(k -> k + ": unknown HAMi annotation, ignored").collect(Collectors.toList());
    }

    private static double amount(@Nullable Map<String, Quantity> cap, String key) {
        if (cap == null || cap.get(key) == null) {
            return 0;
        }
        try {
            return Quantity.getAmountInBytes(cap.get(key)).doubleValue();
        } catch (IllegalArgumentException e) {
            return 0;
        }
    }

    static Map<String, String> annotations(Node node) {
        Map<String, String> a = node.getMetadata().getAnnotations();
        return a == null ? Map.of() : a;
    }

    private static Set<String> knownAnnotations() {
        Map<String, String> names = new HashMap<>();
        for (Field f : HamiAnnotations.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
                try {
                    names.put((String) f.get(null), f.getName());
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return Set.copyOf(names.keySet());
    }
}
