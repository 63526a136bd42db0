package io.gpulab.engine.sim;

import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.filter.FilterContext;
import io.gpulab.scheduler.filter.NodeFit;
import io.gpulab.scheduler.model.ContainerDevice;
import io.gpulab.scheduler.model.DeviceInfo;
import io.gpulab.scheduler.model.DeviceUsage;
import io.gpulab.scheduler.model.NodeInfo;
import io.gpulab.scheduler.model.PodDevices;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What HAMi's fit of one node reads, per node of a tenant, so {@link FitIndex} can reuse answers: the node's cards as
 * registered and booked with their ids left out (its <em>shape</em>, interned so that equal shapes are one object),
 * and its card ids. Two nodes of one shape get the same answer from {@code NodeFitter.fit} up to card ids (an empty
 * 1,600-node lab has one shape); a node whose shape did not change since its last fit (its kube-scheduler requests or
 * its lock changed, not its cards) keeps its answer. A node whose fit may read more than its cards (a MIG card, a
 * cordon or topology-score annotation) has no shape and is always fitted.
 */
final class FitShapes {

    /** Distinct shapes interned at most; past it the table restarts (answers are then re-fitted, never wrong). */
    private static final int MAX_SHAPES = 1 << 15;

    private final Map<Shape, Shape> interned = new HashMap<>();
    /** Registered card lists without ids, interned (they change only when a node registers again). */
    private final Map<List<DeviceInfo>, List<DeviceInfo>> cardTypes = new HashMap<>();
    private @Nullable Object[] shapes = new Object[0];
    private Object[] ids = new Object[0];
    private Object[] types = new Object[0];
    private DeviceInfo[][] registered = new DeviceInfo[0][];
    private long[] versions = new long[0];
    private boolean[] known = new boolean[0];

    /** The node's interned shape as of its current version, or null when its fit may depend on more. */
    @Nullable Object shape(int i, SimNode node, NodeInfo info) {
        if (i >= known.length) {
            int size = Math.max(16, Math.max(i + 1, known.length * 2));
            shapes = Arrays.copyOf(shapes, size);
            ids = Arrays.copyOf(ids, size);
            types = Arrays.copyOf(types, size);
            registered = Arrays.copyOf(registered, size);
            versions = Arrays.copyOf(versions, size);
            known = Arrays.copyOf(known, size);
        }
        if (known[i] && versions[i] == node.version()) {
            return shapes[i];
        }
        List<DeviceUsage> devs = info.devices();
        int n = devs.size();
        if (!sameCards(registered[i], devs)) {
            // registered again (or first seen): ids and the cards without ids, the same objects while unchanged
            DeviceInfo[] reg = new DeviceInfo[n];
            List<String> cardIds = new ArrayList<>(n);
            List<DeviceInfo> blank = new ArrayList<>(n);
            for (int k = 0; k < n; k++) {
                DeviceInfo c = devs.get(k).info();
                reg[k] = c;
                cardIds.add(c.id());
                blank.add(new DeviceInfo("", c.index(), c.count(), c.devMem(), c.devCore(), c.type(), c.numa(),
                        c.mode(), c.health(), c.migProfiles()));
            }
            registered[i] = reg;
            if (!cardIds.equals(ids[i])) {
                ids[i] = List.copyOf(cardIds);
            }
            if (cardTypes.size() >= MAX_SHAPES) {
                cardTypes.clear();
            }
            types[i] = cardTypes.computeIfAbsent(List.copyOf(blank), k -> k);
        }
        boolean plain = n > 0 && !info.annotations().containsKey(HamiAnnotations.DEVICE_CORDON)
                && !info.annotations().containsKey(HamiAnnotations.NODE_NVIDIA_SCORE);
        int[] usage = new int[3 * n];
        for (int k = 0; k < n && plain; k++) {
            DeviceUsage d = devs.get(k);
            plain = !d.info().isMig() && d.migInUse().isEmpty();
            usage[3 * k] = d.usedSlots();
            usage[3 * k + 1] = d.usedMem();
            usage[3 * k + 2] = d.usedCores();
        }
        Object shape = null;
        if (plain) {
            if (interned.size() >= MAX_SHAPES) {
                interned.clear();
            }
            shape = interned.computeIfAbsent(new Shape(types[i], usage), k -> k);
        }
        shapes[i] = shape;
        versions[i] = node.version();
        known[i] = true;
        return shape;
    }

    /** The node's card ids as of the last {@link #shape} call (one object while they do not change). */
    @SuppressWarnings("unchecked")
    List<String> ids(int i) {
        return (List<String>) ids[i];
    }

    /** Whether a fit of one node may be given to another of the same shape: the pod names no card by id. */
    static boolean shareable(FilterContext ctx) {
        Map<String, String> a = ctx.annotations();
        return !a.containsKey(HamiAnnotations.USE_GPU_UUID) && !a.containsKey(HamiAnnotations.NOUSE_GPU_UUID);
    }

    /** A fit of a node with card ids {@code from}, as it reads for the node of the same shape with {@code to}. */
    static @Nullable NodeFit move(NodeFit f, List<String> from, List<String> to) {
        if (!f.fits()) {
            return f;
        }
        List<List<ContainerDevice>> out = new ArrayList<>(f.devices().containers().size());
        for (List<ContainerDevice> container : f.devices().containers()) {
            List<ContainerDevice> moved = new ArrayList<>(container.size());
            for (ContainerDevice c : container) {
                int at = from.indexOf(c.uuid());
                if (at < 0 || at >= to.size()) {
                    return null;
                }
                moved.add(new ContainerDevice(to.get(at), c.type(), c.usedMem(), c.usedCores()));
            }
            out.add(moved);
        }
        return new NodeFit(true, f.reason(), new PodDevices(out), f.score());
    }

    private static boolean sameCards(DeviceInfo @Nullable [] last, List<DeviceUsage> devs) {
        if (last == null || last.length != devs.size()) {
            return false;
        }
        for (int k = 0; k < last.length; k++) {
            if (last[k] != devs.get(k).info()) {
                return false;
            }
        }
        return true;
    }

    /**
     * A node's cards without ids (interned, compared by identity) and their booked slots, memory and cores; the hash
     * is computed once, as the shape is looked up once per request asked.
     */
    private static final class Shape {
        private final Object cards;
        private final int[] usage;
        private final int hash;

        Shape(Object cards, int[] usage) {
            this.cards = cards;
            this.usage = usage;
            this.hash = System.identityHashCode(cards) * 31 + Arrays.hashCode(usage);
        }

        @Override
        public boolean equals(Object o) {
            return o == this || o instanceof Shape s && s.hash == hash && s.cards == cards
                    && Arrays.equals(s.usage, usage);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
