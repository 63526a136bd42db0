package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.NodeView;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A large tenant's workers in groups, with each group's totals, for the fleet view: workers of one shape (card
 * model and count) in the engine's order, cut into groups of {@link #size} so the whole fleet fits in about
 * {@value #MAX_GROUPS} tiles. A lab change updates only the groups of the workers it changed: the engine hands an
 * unchanged worker's view again (same object), so finding the changed ones is a pass of reference compares, and
 * each changed worker's old figures are taken out of its group's totals and its new ones put in.
 */
public final class FleetGroups {

    /** About this many groups per tenant: a screen or two of tiles at 1280 x 720. */
    public static final int MAX_GROUPS = 50;

    /** One group's totals (what its tile shows), summed over its workers' views. */
    public static final class Totals {
        int workers;
        int cards;
        int cardsInUse;
        int unhealthy;
        long memMB;
        long usedMemMB;
        long cores;
        long usedCores;
        long gpuPods;
        long cpuMilli;
        long cpuRequestedMilli;
        long memMiB;
        long memRequestedMiB;
        int locks;

        void add(NodeView n, int sign) {
            workers += sign;
            cpuMilli += sign * n.cpu() * 1000L;
            cpuRequestedMilli += sign * n.cpuRequestedMilli();
            memMiB += sign * (long) n.memoryMiB();
            memRequestedMiB += sign * n.memoryRequestedMiB();
            locks += sign * (n.lock() != null && n.lock().held() ? 1 : 0);
            gpuPods += sign * FleetGroups.gpuPods(n);
            for (CardView c : n.cards()) {
                cards += sign;
                cardsInUse += sign * (inUse(c) ? 1 : 0);
                unhealthy += sign * (c.health() ? 0 : 1);
                memMB += sign * (long) c.memMB();
                usedMemMB += sign * (long) c.usedMemMB();
                cores += sign * (long) c.cores();
                usedCores += sign * (long) c.usedCores();
            }
        }

        public int workers() {
            return workers;
        }

        public int cards() {
            return cards;
        }

        public int cardsInUse() {
            return cardsInUse;
        }

        public int unhealthy() {
            return unhealthy;
        }

        public long usedMemMB() {
            return usedMemMB;
        }

        public long memMB() {
            return memMB;
        }

        public long usedCores() {
            return usedCores;
        }

        public long cores() {
            return cores;
        }

        public long gpuPods() {
            return gpuPods;
        }

        public long cpuRequestedMilli() {
            return cpuRequestedMilli;
        }

        public long memRequestedMiB() {
            return memRequestedMiB;
        }

        public int locks() {
            return locks;
        }

        /** Card memory booked, percent of the group's card memory. */
        public double memPct() {
            return pct(usedMemMB, memMB);
        }

        /** Compute booked, percent of the group's cards' compute. */
        public double corePct() {
            return pct(usedCores, cores);
        }

        public double cpuPct() {
            return pct(cpuRequestedMilli, cpuMilli);
        }

        public double hostMemPct() {
            return pct(memRequestedMiB, memMiB);
        }

        private static double pct(long used, long total) {
            return total == 0 ? 0 : 100.0 * used / total;
        }
    }

    /**
     * What a tile's figures are, in the lab's words (docs/workbench.md, "Fleets past 1,000 workers"; docs/metrics.md):
     * the line under the fleet view's caption. A percentage alone did not say of what.
     */
    public static final String LEGEND = "On each tile: cards in use have memory, compute or a sharing slot booked; "
            + "card memory and compute are what HAMi has booked of the group's cards' registered memory and compute, "
            + "now (a booking, not what a GPU uses); CPU and memory are what the pods bound to its workers request of "
            + "their allocatable. Hover a tile for its figures.";

    /** Workers {@code from}..{@code to} (indexes into the tenant's workers) of one shape, and their totals. */
    public static final class Group {
        private final String shape;
        private final int[] members;
        private final String first;
        private final String last;
        private final Totals totals = new Totals();

        Group(String shape, int[] members, String first, String last) {
            this.shape = shape;
            this.members = members;
            this.first = first;
            this.last = last;
        }

        /** The card model and count its workers share, e.g. "8 × A100-80GB" ("no cards" for CPU workers). */
        public String shape() {
            return shape;
        }

        /** Positions of its workers in the tenant's worker list, in order. */
        public int[] members() {
            return members;
        }

        /** Its first and last worker's names, e.g. "w-00000 – w-00099". */
        public String title() {
            return first.equals(last) ? first : first + " – " + last;
        }

        public Totals totals() {
            return totals;
        }

        /** Its tile's figures spelled out, each with what it is a share of (the tile's tooltip). */
        public String meaning() {
            Totals t = totals;
            return String.format(Locale.ROOT, "%s (%,d workers · %s), now:%n"
                            + "cards in use: %,d of %,d (memory, compute or a sharing slot booked)%n"
                            + "GPU pods: %,d (pods holding a share of one of these cards, each counted once)%n"
                            + "card memory booked: %.1f %% = %,d of %,d MB registered (HAMi's booking, not what a GPU "
                            + "uses)%n"
                            + "compute booked: %.1f %% = %,d of %,d core units (100 a card)%n"
                            + "CPU requested: %.1f %% = %,d of %,d millicores allocatable%n"
                            + "memory requested: %.1f %% = %,d of %,d MiB allocatable host memory",
                    title(), t.workers, shape, t.cardsInUse, t.cards, t.gpuPods, t.memPct(), t.usedMemMB, t.memMB,
                    t.corePct(), t.usedCores, t.cores, t.cpuPct(), t.cpuRequestedMilli, t.cpuMilli, t.hostMemPct(),
                    t.memRequestedMiB, t.memMiB);
        }

        /** The lines its tile shows, in order (the tile draws exactly these). */
        public List<String> lines() {
            Totals t = totals;
            List<String> l = new ArrayList<>(6);
            l.add(title());
            l.add(String.format(Locale.ROOT, "%,d workers · %s", t.workers, shape));
            l.add(String.format(Locale.ROOT, "%,d cards, %,d in use · %,d GPU %s", t.cards, t.cardsInUse, t.gpuPods,
                    t.gpuPods == 1 ? "pod" : "pods"));
            l.add(String.format(Locale.ROOT, "card memory %.1f %% · compute %.1f %%", t.memPct(), t.corePct()));
            l.add(String.format(Locale.ROOT, "CPU %.1f %% · memory %.1f %% requested", t.cpuPct(), t.hostMemPct()));
            if (t.unhealthy > 0 || t.locks > 0) {
                l.add((t.unhealthy > 0 ? String.format(Locale.ROOT, "%,d unhealthy cards", t.unhealthy) : "")
                        + (t.unhealthy > 0 && t.locks > 0 ? " · " : "")
                        + (t.locks > 0 ? String.format(Locale.ROOT, "%,d node locks held", t.locks) : ""));
            }
            return l;
        }
    }

    private List<Group> groups = List.of();
    private NodeView[] shown = new NodeView[0];
    private int[] groupOf = new int[0];
    private int size;
    private final BitSet changed = new BitSet();

    /** The groups, in order: each shape's groups together, shapes in the order their first worker comes. */
    public List<Group> groups() {
        return groups;
    }

    /** Workers per group (the last group of a shape may have fewer). */
    public int size() {
        return size;
    }

    /** The group worker {@code i} is in. */
    public int groupOf(int i) {
        return groupOf[i];
    }

    /** The workers' views as last shown. */
    public NodeView worker(int i) {
        return shown[i];
    }

    /**
     * Takes the tenant's workers as the engine shows them now and returns the groups whose totals changed (every
     * group when the workers themselves changed: added, removed or renamed). The set is reused by the next call.
     */
    public BitSet update(List<NodeView> workers) {
        changed.clear();
        if (workers.size() != shown.length) {
            regroup(workers);
            return changed;
        }
        for (int i = 0; i < shown.length; i++) {
            NodeView n = workers.get(i);
            NodeView old = shown[i];
            if (n == old) {
                continue;
            }
            if (!n.name().equals(old.name()) || !shape(n).equals(shape(old))) {
                regroup(workers);
                return changed;
            }
            Totals t = groups.get(groupOf[i]).totals;
            t.add(old, -1);
            t.add(n, 1);
            shown[i] = n;
            changed.set(groupOf[i]);
        }
        return changed;
    }

    private void regroup(List<NodeView> workers) {
        shown = workers.toArray(new NodeView[0]);
        groupOf = new int[shown.length];
        size = groupSize(shown.length);
        Map<String, List<Integer>> byShape = new LinkedHashMap<>();
        for (int i = 0; i < shown.length; i++) {
            byShape.computeIfAbsent(shape(shown[i]), k -> new ArrayList<>()).add(i);
        }
        List<Group> next = new ArrayList<>();
        for (var e : byShape.entrySet()) {
            List<Integer> all = e.getValue();
            for (int from = 0; from < all.size(); from += size) {
                int[] members = all.subList(from, Math.min(all.size(), from + size)).stream()
                        .mapToInt(Integer::intValue).toArray();
                Group g = new Group(e.getKey(), members, shown[members[0]].name(),
                        shown[members[members.length - 1]].name());
                for (int m : members) {
                    groupOf[m] = next.size();
                    g.totals.add(shown[m], 1);
                }
                next.add(g);
            }
        }
        groups = List.copyOf(next);
        changed.set(0, groups.size());
    }

    /** Workers per group: a round number that keeps the groups to about {@link #MAX_GROUPS}. */
    static int groupSize(int workers) {
        int step = 50;
        int per = (workers + MAX_GROUPS - 1) / MAX_GROUPS;
        return Math.max(step, (per + step - 1) / step * step);
    }

    /** What a worker's cards are: "8 × A100-80GB", mixed models listed, "no cards". */
    static String shape(NodeView n) {
        if (n.cards().isEmpty()) {
            return "no cards";
        }
        String type = n.cards().get(0).type();
        for (CardView c : n.cards()) {
            if (!c.type().equals(type)) {
                return n.cards().size() + " mixed cards";
            }
        }
        return n.cards().size() + " × " + type;
    }

    /** A card holds something: memory, compute or a slot booked. */
    static boolean inUse(CardView c) {
        return c.usedMemMB() > 0 || c.usedCores() > 0 || c.usedSlots() > 0 || !c.pods().isEmpty();
    }

    /** Pods holding a share of one of the worker's cards, each counted once. */
    static int gpuPods(NodeView n) {
        List<CardView> cards = n.cards();
        int count = 0;
        for (int k = 0; k < cards.size(); k++) {
            for (String p : cards.get(k).pods()) {
                boolean earlier = false;
                for (int j = 0; j < k && !earlier; j++) {
                    earlier = cards.get(j).pods().contains(p);
                }
                count += earlier ? 0 : 1;
            }
        }
        return count;
    }
}
