package io.gpulab.engine.api;

import io.gpulab.scheduler.filter.FilterWhy;
import io.gpulab.scheduler.model.ContainerDevice;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@link PodWhy} as lines of text, one level of indentation per nesting: what {@code gpulab trace} prints and the
 * workbench's inspector shows. Every node gets a line (its HAMi node score, or its reasons); the cards behind a node
 * are listed for the first {@value #DETAILED} nodes (the chosen one first), the JSON has them all.
 */
public final class WhyLines {

    /** Nodes whose cards are listed one by one. */
    public static final int DETAILED = 16;

    /**
     * One line: {@code label: value}.
     *
     * @param depth 0 for the headings, 1 for the settings and nodes, 2 for containers, 3 for cards
     * @param label what the line is about ({@code node w1}, {@code 1. GPU-0}, {@code cards})
     */
    public record Line(int depth, String label, String value) {

        /** The line as text: {@code label: value}. */
        public String text() {
            return label + ": " + value;
        }
    }

    /** The heading of HAMi's last filter of a pod it placed on no node. */
    public static final String NO_NODE = "why no node fits";

    private WhyLines() {
    }

    /** Whether HAMi's filter took no node: it stopped on an error, or every node failed. */
    public static boolean tookNoNode(FilterWhy f) {
        return f.error() != null || f.nodes().stream().noneMatch(n -> "chosen".equals(n.verdict()));
    }

    public static List<Line> of(PodWhy why) {
        return of(why, false);
    }

    /**
     * As {@link #of(PodWhy)}; {@code compact} for a narrow panel (the workbench's inspector): each order in its first
     * clause, and a card's verdict first, then its score, NUMA node, free room and what was asked of it.
     */
    public static List<Line> of(PodWhy why, boolean compact) {
        List<Line> out = new ArrayList<>();
        PlainReason r = why.reason();
        if (r != null) {
            out.add(new Line(0, "why it does not run", r.text()));
            out.add(new Line(1, "fix", r.fix() + " (" + r.doc() + ")"));
        }
        FilterWhy f = why.filter();
        if (f == null) {
            out.add(new Line(0, "why this node, why this card", "HAMi has not filtered this pod (no card asked "
                    + "for, or created before explanations were kept)"));
        } else if (tookNoNode(f)) {
            // a pod no node took: how HAMi would order the nodes and cards that fit says nothing of it
            out.add(new Line(0, NO_NODE, "HAMi's last filter of the pod, at " + why.at() + ", took no node"));
            filter(f, out, compact);
        } else {
            out.add(new Line(0, "why this node, why this card", "HAMi's last filter of the pod, at " + why.at()));
            filter(f, out, compact);
        }
        PodWhy.Allocated a = why.allocated();
        if (a != null) {
            out.add(new Line(1, "allocated", "hami.io/vgpu-devices-allocated \"" + a.annotation() + "\""
                    + (a.error() == null ? "" : ": " + a.error())));
            for (PodWhy.Container c : a.containers()) {
                out.add(new Line(2, "container " + c.index() + " " + c.name() + (c.init() ? " (init)" : ""),
                        c.devices().isEmpty() ? "no card" : devices(c.devices())));
            }
        }
        return out;
    }

    private static void filter(FilterWhy f, List<Line> out, boolean compact) {
        if (f.error() != null) {
            out.add(new Line(1, "the filter stopped", f.error()));
            return;
        }
        if (!tookNoNode(f)) {
            out.add(new Line(1, "nodes", compact ? firstClause(f.nodeOrder()) : f.nodeOrder()));
            out.add(new Line(1, "cards", compact ? firstClause(f.cardOrder()) : f.cardOrder()));
        }
        FilterWhy.Weights w = f.weights();
        out.add(new Line(1, "card score", "10 x (" + w.slot() + " x slot fill + " + w.core() + " x core fill + "
                + w.memory() + " x memory fill), weights " + w.source() + (compact ? "" : "; a fill counts the "
                + "container's own request only when its type equals the card's registered type")));
        List<String> on = new ArrayList<>();
        if (f.numaBind()) {
            on.add("numa-bind: a multi-card container takes one NUMA node's cards");
        }
        if (f.topology()) {
            on.add("topology-aware: cards chosen by hami.io/node-nvidia-score pair scores");
        }
        if (f.mutex()) {
            on.add("mutex: idle cards only");
        }
        if (!on.isEmpty()) {
            out.add(new Line(1, "also", String.join("; ", on)));
        }
        int detailed = 0;
        for (FilterWhy.NodeWhy n : f.nodes()) {
            out.add(new Line(1, "node " + n.node(), node(n)));
            if (n.containers().isEmpty()) {
                continue;
            }
            if (detailed++ >= DETAILED) {
                continue;
            }
            for (FilterWhy.ContainerWhy c : n.containers()) {
                out.add(new Line(2, "container " + c.index() + (c.init() ? " (init)" : ""), container(c)));
                for (FilterWhy.CardWhy card : c.cards()) {
                    out.add(new Line(3, (card.tried() > 0 ? card.tried() + ". " : "-  ") + card.id(),
                            compact ? cardShort(card) : card(card, w)));
                }
            }
        }
        if (detailed > DETAILED) {
            out.add(new Line(1, "more", "the cards of " + (detailed - DETAILED) + " more nodes: gpulab trace --json "
                    + "lists them"));
        }
    }

    private static String node(FilterWhy.NodeWhy n) {
        StringBuilder sb = new StringBuilder();
        if (n.score() != null && !"failed".equals(n.verdict())) {
            sb.append("chosen".equals(n.verdict()) ? "CHOSEN" : "fits, ranked " + n.rank()).append(", node score ")
                    .append(num(n.score()));
            FilterWhy.Usage u = n.usage();
            if (u != null) {
                sb.append(" = 10 x (slots ").append(u.usedSlots()).append('/').append(u.slots()).append(" + cores ")
                        .append(u.usedCores()).append('/').append(u.cores()).append(" + memory ").append(u.usedMemMB())
                        .append('/').append(u.memMB()).append(" MB)");
            }
        } else {
            sb.append("fails: ").append(n.reason());
            if ("kube-scheduler".equals(n.rejectedBy())) {
                sb.append(" (kube-scheduler's own filter; HAMi never saw the node)");
            }
        }
        return sb.toString();
    }

    private static String container(FilterWhy.ContainerWhy c) {
        FilterWhy.Request r = c.request();
        String mem = r.memPercent() != null ? r.memPercent() + " % of each card's memory" : r.memMB() + " MB";
        StringBuilder sb = new StringBuilder("asks ").append(r.cards()).append(r.cards() == 1 ? " card, " : " cards, ").append(mem)
                .append(", ").append(r.cores()).append(" cores");
        if (c.reason() != null) {
            sb.append(": does not fit: ").append(c.reason());
        } else if (!c.devices().isEmpty()) {
            sb.append(": gets ").append(devices(c.devices()));
        }
        return sb.toString();
    }

    private static String card(FilterWhy.CardWhy c, FilterWhy.Weights w) {
        StringBuilder sb = new StringBuilder();
        sb.append("index ").append(c.index()).append(", NUMA ").append(c.numa()).append(", ").append(c.type())
                .append("; score ").append(num(c.score()));
        FilterWhy.Terms t = c.terms();
        boolean plain = w.slot() == 1 && w.core() == 1 && w.memory() == 1;
        sb.append(" = 10 x (").append(plain ? "" : w.slot() + " x ").append(num(t.slot())).append(" + ")
                .append(plain ? "" : w.core() + " x ").append(num(t.core())).append(" + ")
                .append(plain ? "" : w.memory() + " x ").append(num(t.memory())).append(')')
                .append(t.requestCounted() ? "" : " (request not counted)");
        FilterWhy.Usage b = c.before();
        sb.append("; free ").append(b.memMB() - b.usedMemMB()).append(" MB, ").append(b.cores() - b.usedCores())
                .append(" cores, ").append(b.slots() - b.usedSlots()).append(" slots");
        if (c.askedMemMB() != null) {
            sb.append("; asked ").append(c.askedMemMB()).append(" MB, ").append(c.askedCores()).append(" cores");
        }
        sb.append(": ").append(c.verdict());
        if (c.pairScore() != null) {
            sb.append(" (pair score ").append(c.pairScore()).append(')');
        }
        return sb.toString();
    }

    /** A card for a narrow panel: verdict first. */
    private static String cardShort(FilterWhy.CardWhy c) {
        FilterWhy.Terms t = c.terms();
        FilterWhy.Usage b = c.before();
        return c.verdict() + " · score " + num(c.score()) + " (" + num(t.slot()) + " + " + num(t.core()) + " + "
                + num(t.memory()) + ") · NUMA " + c.numa() + " · free " + (b.memMB() - b.usedMemMB()) + " MB, "
                + (b.cores() - b.usedCores()) + " cores, " + (b.slots() - b.usedSlots()) + " slots"
                + (c.askedMemMB() == null ? "" : " · asked " + c.askedMemMB() + " MB, " + c.askedCores() + " cores")
                + (c.pairScore() == null ? "" : " · pair score " + c.pairScore());
    }

    private static String firstClause(String words) {
        int semi = words.indexOf(';');
        return semi < 0 ? words : words.substring(0, semi);
    }

    private static String devices(List<ContainerDevice> ds) {
        List<String> parts = new ArrayList<>();
        ds.forEach(d -> parts.add(d.uuid() + " " + d.usedMem() + " MB, " + d.usedCores() + " cores"));
        return String.join("; ", parts);
    }

    private static String num(float f) {
        return String.format(Locale.ROOT, "%.2f", f);
    }
}
