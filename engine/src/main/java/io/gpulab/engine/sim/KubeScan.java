package io.gpulab.engine.sim;

import java.util.Arrays;
import java.util.List;

/**
 * Which of a tenant's nodes kube-scheduler's {@link NodeResourcesFit} rejects for one pod's CPU, memory and pod
 * count, as a bit mask per node index (valid until the next scan). Reasons come from the mask, so a pass over
 * thousands of nodes allocates nothing per node. The masks are kept per distinct request and brought up to date from
 * the nodes the tenant's {@link NodeJournal} names since that request's last scan, so in a saturated lab of 20,000
 * nodes a pod costs the few nodes that changed, not a pass over all of them ({@link #scanPlain} is the plain pass the
 * equivalence tests compare with).
 */
final class KubeScan {

    static final int PODS = 1;
    static final int CPU = 2;
    static final int MEMORY = 4;
    /** Tainted unreachable: TaintToleration fails the node before NodeResourcesFit runs, so this bit comes alone. */
    static final int TAINT = 8;
    private static final String[] REASONS = new String[TAINT + 1];
    private static final List<List<String>> REASON_LISTS = new java.util.ArrayList<>();

    static {
        for (int m = 1; m < 8; m++) {
            StringBuilder sb = new StringBuilder();
            if ((m & PODS) != 0) {
                sb.append(NodeResourcesFit.TOO_MANY_PODS);
            }
            if ((m & CPU) != 0) {
                sb.append(sb.length() > 0 ? ", " : "").append(NodeResourcesFit.INSUFFICIENT_CPU);
            }
            if ((m & MEMORY) != 0) {
                sb.append(sb.length() > 0 ? ", " : "").append(NodeResourcesFit.INSUFFICIENT_MEMORY);
            }
            REASONS[m] = sb.toString();
        }
        REASON_LISTS.add(List.of());
        for (int m = 1; m < 8; m++) {
            REASON_LISTS.add(List.of(REASONS[m].split(", ")));
        }
        REASONS[TAINT] = NodeResourcesFit.UNREACHABLE;
        REASON_LISTS.add(List.of(NodeResourcesFit.UNREACHABLE));
    }

    /**
     * Distinct requests whose masks are kept; the least recently used is dropped beyond this. openb's default trace
     * has 103 distinct CPU and memory requests: with 64 kept, most pods found theirs dropped and paid a pass over every
     * node.
     */
    private static final int MAX_REQUESTS = 256;

    /** One request's masks over every node, as of journal entry {@link #seen} of epoch {@link #epoch}. */
    private static final class Entry {
        final int[] masks;
        int failing;
        long epoch = -1;
        int seen;

        Entry(int nodes) {
            masks = new int[nodes];
        }
    }

    private final java.util.Map<HostRequests, Entry> entries = new java.util.LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(java.util.Map.Entry<HostRequests, Entry> eldest) {
            return size() > MAX_REQUESTS;
        }
    };
    private final NodeJournal journal;
    private int[] masks = new int[0];
    private @org.jspecify.annotations.Nullable Entry answer;
    /** The plain pass's own masks (an entry's are kept for its request). */
    private int[] plain = new int[0];
    /** No node fails and {@link #masks} is stale: set by {@link #none} instead of clearing thousands of masks a pod. */
    private boolean clear;
    private int failing;
    /** Each node's free CPU and memory and pod count by node index, kept in step with the nodes (a tight scan). */
    private long[] freeCpu = new long[0];
    private long[] freeMemory = new long[0];
    private int[] pods = new int[0];
    private boolean[] tainted = new boolean[0];
    private int nodes;

    KubeScan(NodeJournal journal) {
        this.journal = journal;
    }

    /** A node joined the tenant (its index is the next one). */
    void add(SimNode n) {
        if (nodes == freeCpu.length) {
            int size = Math.max(16, nodes * 2);
            freeCpu = Arrays.copyOf(freeCpu, size);
            freeMemory = Arrays.copyOf(freeMemory, size);
            pods = Arrays.copyOf(pods, size);
            tainted = Arrays.copyOf(tainted, size);
        }
        nodes++;
        update(n);
    }

    /** The node's requests changed (after the journal named it). */
    void update(SimNode n) {
        freeCpu[n.index] = n.freeCpuMilli();
        freeMemory[n.index] = n.freeMemoryBytes();
        pods[n.index] = n.podCount;
        tainted[n.index] = n.unreachable;
    }

    /** Marks the nodes that fail; returns how many do. */
    int scan(HostRequests r) {
        Entry e = entries.get(r);
        if (e == null || e.masks.length != nodes) {
            e = new Entry(nodes);
            entries.put(r, e);
        }
        long cpu = r.cpuMilli();
        long mem = r.memoryBytes();
        int[] m = e.masks;
        // a request last seen many changes ago is brought up to date by a pass over every node when that is shorter
        if (e.epoch != journal.epoch() || journal.size() - e.seen > nodes) {
            int count = 0;
            for (int i = 0; i < nodes; i++) {
                m[i] = mask(tainted[i], pods[i], freeCpu[i], freeMemory[i], cpu, mem);
                count += m[i] == 0 ? 0 : 1;
            }
            e.failing = count;
            e.epoch = journal.epoch();
        } else {
            int count = e.failing;
            for (int j = e.seen; j < journal.size(); j++) {
                int i = journal.at(j);
                int was = m[i];
                m[i] = mask(tainted[i], pods[i], freeCpu[i], freeMemory[i], cpu, mem);
                count += (m[i] == 0 ? 0 : 1) - (was == 0 ? 0 : 1);
            }
            e.failing = count;
        }
        e.seen = journal.size();
        masks = m;
        answer = e;
        failing = e.failing;
        clear = false;
        return failing;
    }

    /** As {@link #scan}, by a pass over every node (the reference filter's path). */
    int scanPlain(HostRequests r) {
        int n = nodes;
        if (plain.length != n) {
            plain = new int[n];
        }
        masks = plain;
        answer = null;
        long cpu = r.cpuMilli();
        long mem = r.memoryBytes();
        int count = 0;
        for (int i = 0; i < n; i++) {
            int m = mask(tainted[i], pods[i], freeCpu[i], freeMemory[i], cpu, mem);
            masks[i] = m;
            count += m == 0 ? 0 : 1;
        }
        failing = count;
        clear = false;
        return count;
    }

    /** The node's reasons as a mask for these requests, as {@link #scan} finds them. */
    static int mask(SimNode n, HostRequests r) {
        return mask(n.unreachable, n.podCount, n.freeCpuMilli(), n.freeMemoryBytes(), r.cpuMilli(), r.memoryBytes());
    }

    private static int mask(boolean taint, int podCount, long freeCpu, long freeMemory, long cpu, long mem) {
        if (taint) {
            return TAINT;
        }
        int m = podCount + 1 > NodeResourcesFit.MAX_PODS ? PODS : 0;
        if (cpu > 0 && cpu > freeCpu) {
            m |= CPU;
        }
        if (mem > 0 && mem > freeMemory) {
            m |= MEMORY;
        }
        return m;
    }

    /** Nothing fails (a pod with no CPU or memory request on a lab whose nodes all have room for another pod). */
    void none() {
        clear = true;
        failing = 0;
    }

    /**
     * The kept answer the masks are read from (an object that stands for the request's masks while it is kept), or
     * null after a plain pass or {@link #none}.
     */
    @org.jspecify.annotations.Nullable Object answer() {
        return clear ? null : answer;
    }

    int failing() {
        return failing;
    }

    int mask(int index) {
        return clear ? 0 : masks[index];
    }

    boolean fails(int index) {
        return !clear && masks[index] != 0;
    }

    /** The node's reasons one by one (kube's FitError counts each). */
    static List<String> reasonList(int mask) {
        return REASON_LISTS.get(mask);
    }

    /** The node's reasons as kube joins them, e.g. {@code Insufficient cpu, Insufficient memory}. */
    static String reasons(int mask) {
        return REASONS[mask];
    }
}
