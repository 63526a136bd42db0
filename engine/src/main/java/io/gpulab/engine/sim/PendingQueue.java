package io.gpulab.engine.sim;

import io.gpulab.scheduler.filter.FilterContext;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A tenant's scheduling queue (pending pods in creation order) with the pods that would fail exactly as they last did
 * set aside. A HAMi pod that failed with an answer its {@link FailureMemo} keeps is parked in a group by that answer
 * (its request, CPU and memory, and the answer's identity): while the memo still hands the same answer, a retry of any
 * pod of the group fails alike and, its signature unchanged, adds no event, no trace step and no change to the pod. A
 * retry sweep ({@link SimLab#retryPending}) therefore visits only the pods that are not parked, and asks each group once
 * after every change whether a node that changed could give its pods another answer (a few comparisons per changed
 * node, see {@link FailureMemo#get}); the groups that could are released into the queue, where the sweep meets their
 * pods in creation order as kube's queue would. In a saturated lab a departure then costs the pods whose answer moved,
 * not every pending pod.
 */
final class PendingQueue {

    /** Pods that last failed with one remembered answer. */
    static final class Group {
        final Object key;
        final FilterContext ctx;
        final HostRequests host;
        final Scheduling.Failure failure;
        final TreeMap<Long, SimPod> pods = new TreeMap<>();

        Group(Object key, FilterContext ctx, HostRequests host, Scheduling.Failure failure) {
            this.key = key;
            this.ctx = ctx;
            this.host = host;
            this.failure = failure;
        }
    }

    /** Every pending pod by creation order. */
    private final TreeMap<Long, SimPod> all = new TreeMap<>();
    /** The pending pods that are not parked: a sweep attempts these. */
    private final TreeMap<Long, SimPod> active = new TreeMap<>();
    private final Map<Scheduling.Failure, Group> groups = new IdentityHashMap<>();

    boolean isEmpty() {
        return all.isEmpty();
    }

    int size() {
        return all.size();
    }

    /** The last pod's creation number (the queue is not empty). */
    long lastSeq() {
        return all.lastKey();
    }

    boolean containsKey(long seq) {
        return all.containsKey(seq);
    }

    Collection<SimPod> values() {
        return all.values();
    }

    void put(long seq, SimPod p) {
        all.put(seq, p);
        if (p.parked == null) {
            active.put(seq, p);
        }
    }

    void remove(long seq) {
        SimPod p = all.remove(seq);
        if (p != null) {
            active.remove(seq);
            unpark(p);
        }
    }

    /** The first pod after {@code seq} that a sweep must attempt, or null. */
    @Nullable SimPod nextActive(long seq) {
        Map.Entry<Long, SimPod> e = active.higherEntry(seq);
        return e == null ? null : e.getValue();
    }

    /** Sets the pod aside: it failed with {@code failure}, which the tenant's memo keeps for {@code key}. */
    void park(SimPod p, Object key, FilterContext ctx, HostRequests host, Scheduling.Failure failure) {
        unpark(p);
        Group g = groups.computeIfAbsent(failure, f -> new Group(key, ctx, host, f));
        g.pods.put(p.seq, p);
        p.parked = g;
        active.remove(p.seq);
    }

    /** The pod is attempted again or leaves the queue: it is no longer set aside. */
    void unpark(SimPod p) {
        Group g = p.parked;
        if (g != null) {
            p.parked = null;
            g.pods.remove(p.seq);
            if (g.pods.isEmpty()) {
                groups.remove(g.failure);
            }
            if (all.containsKey(p.seq)) {
                active.put(p.seq, p);
            }
        }
    }

    /** Releases the groups whose pods could now be answered otherwise (the memo no longer hands their answer). */
    void releaseChanged(SimTenant t) {
        if (groups.isEmpty()) {
            return;
        }
        List<Group> changed = null;
        for (Group g : groups.values()) {
            if (t.failureMemo.get(g.key, t, g.ctx, g.host) != g.failure) {
                if (changed == null) {
                    changed = new ArrayList<>();
                }
                changed.add(g);
            }
        }
        if (changed != null) {
            changed.forEach(this::release);
        }
    }

    /** Releases every group (a sweep that must attempt every pod as it is). */
    void releaseAll() {
        new ArrayList<>(groups.values()).forEach(this::release);
    }

    private void release(Group g) {
        groups.remove(g.failure);
        for (Iterator<SimPod> it = g.pods.values().iterator(); it.hasNext(); ) {
            SimPod p = it.next();
            p.parked = null;
            if (all.containsKey(p.seq)) {
                active.put(p.seq, p);
            }
        }
        g.pods.clear();
    }

    /** Pods set aside (the state figures count them). */
    int parked() {
        return all.size() - active.size();
    }
}
