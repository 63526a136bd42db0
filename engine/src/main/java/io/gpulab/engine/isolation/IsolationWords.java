package io.gpulab.engine.isolation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The isolation table in words, the same in the terminal, the PDF and the workbench. */
public final class IsolationWords {

    /** The four observations' names, in {@link TenantLoss#all()}'s order. */
    public static final List<String> ASKS = List.of("create", "read", "schedule", "keep running");

    private IsolationWords() {
    }

    /** "create, read, schedule lost; keep running degraded", or "nothing lost". */
    public static String losses(TenantLoss l) {
        Map<String, List<String>> by = new LinkedHashMap<>();
        List<Observation> all = l.all();
        for (String v : List.of(Observation.LOST, Observation.DEGRADED, Observation.NOT_OBSERVED)) {
            for (int i = 0; i < all.size(); i++) {
                if (all.get(i).verdict().equals(v)) {
                    by.computeIfAbsent(v, k -> new ArrayList<>()).add(ASKS.get(i));
                }
            }
        }
        if (by.isEmpty()) {
            return "nothing lost";
        }
        List<String> parts = new ArrayList<>();
        by.forEach((v, asks) -> parts.add(String.join(", ", asks) + " " + v));
        return String.join("; ", parts);
    }

    /** One line: whom the failure cost what, or why it was not injected. */
    public static String summary(IsolationRow r) {
        if (!r.injected()) {
            return "not injected: " + r.notInjected();
        }
        if (r.affected().isEmpty()) {
            return "no tenant lost anything";
        }
        List<String> parts = new ArrayList<>();
        for (TenantLoss l : r.tenants()) {
            if (r.affected().contains(l.tenant())) {
                parts.add(l.tenant() + ": " + losses(l));
            }
        }
        return String.join("; ", parts);
    }

    /**
     * Whether the row's losses came back once its failure was healed: {@code tenant-a, tenant-b back},
     * {@code tenant-a not back: keep running lost}, {@code nothing lost}, or why the heal was not observed; empty when
     * the row was not injected.
     */
    public static String recovery(IsolationRow r) {
        if (!r.injected() || r.recovery().isEmpty()) {
            return "";
        }
        List<String> back = new ArrayList<>();
        List<String> parts = new ArrayList<>();
        for (Recovery h : r.recovery()) {
            if (Recovery.NOT_OBSERVED.equals(h.verdict())) {
                return "not observed: " + h.create().observed();
            }
            if (Recovery.BACK.equals(h.verdict())) {
                back.add(h.tenant());
            } else if (Recovery.NOT_BACK.equals(h.verdict())) {
                parts.add(h.tenant() + " " + recovery(h));
            }
        }
        if (!back.isEmpty()) {
            parts.add(0, String.join(", ", back) + " back");
        }
        return parts.isEmpty() ? Recovery.NOTHING_LOST : String.join("; ", parts);
    }

    /** One tenant's recovery: {@code back}, {@code not back: keep running lost}, {@code nothing lost}. */
    public static String recovery(Recovery h) {
        if (Recovery.NOT_BACK.equals(h.verdict())) {
            return Recovery.NOT_BACK + ": " + losses(h.after());
        }
        if (Recovery.NOT_OBSERVED.equals(h.verdict())) {
            return Recovery.NOT_OBSERVED + ": " + h.create().observed();
        }
        return h.verdict();
    }

    /**
     * The table's conclusion: the parts shared by more than one tenant whose failure cost several of them, those that
     * survived a failure, whether each tenant's own parts stayed its own, and what became of the pods already
     * running at each of the two instants observed (right after the failure, and after its heal).
     */
    public static String conclusion(IsolationTable t) {
        List<String> sentences = new ArrayList<>();
        List<String> sharedHurt = new ArrayList<>();
        List<String> sharedSurvived = new ArrayList<>();
        List<String> leaked = new ArrayList<>();
        List<String> stopped = new ArrayList<>();
        List<String> warned = new ArrayList<>();
        List<String> infraOfOne = new ArrayList<>();
        Set<String> ownLayers = new LinkedHashSet<>();
        List<String> notBack = new ArrayList<>();
        List<String> unhealed = new ArrayList<>();
        boolean lostAny = false;
        for (IsolationRow r : t.rows()) {
            if (!r.injected()) {
                continue;
            }
            String part = r.component().startsWith("all ") && r.layer().equals(Failures.MANAGEMENT)
                    ? r.component().replaceFirst(" nodes", " management nodes")
                    : "the " + singular(r.layer()) + " " + r.component();
            boolean infrastructure = r.layer().equals(Failures.MANAGEMENT) || r.layer().equals(Failures.DATASTORE);
            if (infrastructure && r.sharedBy().size() == 1) {
                // a management node or DataStore holding one tenant's parts as built is still shared infrastructure:
                // kube-scheduler may place any tenant's control-plane pods there later
                infraOfOne.add(part + " (" + r.sharedBy().get(0) + (r.affected().isEmpty() ? " lost nothing"
                        : " lost " + lostAsks(r)) + ")");
            } else if (r.sharedBy().size() > 1) {
                if (r.affected().isEmpty()) {
                    sharedSurvived.add(part);
                } else {
                    sharedHurt.add(part + " (" + and(r.affected()) + " lost " + lostAsks(r) + ")");
                }
            } else if (r.sharedBy().size() == 1) {
                if (r.sharedBy().containsAll(r.affected())) {
                    ownLayers.add(singular(r.layer()));
                } else {
                    leaked.add(part + " (also " + and(r.affected().stream().filter(a -> !r.sharedBy().contains(a))
                            .toList()) + ")");
                }
            }
            Set<String> stillRunningAtFirst = new LinkedHashSet<>();
            for (TenantLoss l : r.tenants()) {
                String first = l.keepRunning().verdict();
                if (Observation.LOST.equals(first)) {
                    stopped.add(l.tenant() + " under " + part);
                } else if (Observation.DEGRADED.equals(first)) {
                    warned.add(l.tenant() + " under " + part);
                }
                if (Observation.KEPT.equals(first) || Observation.DEGRADED.equals(first)) {
                    stillRunningAtFirst.add(l.tenant());
                }
            }
            for (Recovery h : r.recovery()) {
                if (Recovery.NOT_BACK.equals(h.verdict())) {
                    // still Running at the first instant, gone at the second: say so, "kept running" was not seen
                    boolean gone = Observation.LOST.equals(h.keepRunning().verdict())
                            && stillRunningAtFirst.contains(h.tenant());
                    notBack.add(h.tenant() + " under " + part + " (" + losses(h.after()) + (gone ? ": the pod that "
                            + "still read Running when the failure was first observed was gone" : "") + ")");
                } else if (Recovery.NOT_OBSERVED.equals(h.verdict()) && r.affected().contains(h.tenant())) {
                    unhealed.add(h.tenant() + " under " + part);
                }
                lostAny |= Recovery.BACK.equals(h.verdict());
            }
        }
        if (!sharedHurt.isEmpty()) {
            sentences.add("Shared by several tenants and failing together: " + String.join("; ", sharedHurt) + ".");
        }
        if (!sharedSurvived.isEmpty()) {
            sentences.add("Shared, and no tenant lost anything when it failed: " + String.join("; ", sharedSurvived)
                    + ".");
        }
        if (!infraOfOne.isEmpty()) {
            sentences.add("Management infrastructure that held one tenant's parts as built: " + String.join("; ",
                    infraOfOne) + ".");
        }
        if (!leaked.isEmpty()) {
            sentences.add("A tenant's own part whose failure reached another tenant: " + String.join("; ", leaked)
                    + ".");
        } else if (!ownLayers.isEmpty()) {
            sentences.add("A failure of a tenant's own " + or(List.copyOf(ownLayers)) + " touched that tenant only.");
        }
        if (sentences.isEmpty()) {
            sentences.add("No failure was injected.");
        } else if (stopped.isEmpty()) {
            sentences.add("When each failure was first observed, the pods already running still read Running"
                    + (warned.isEmpty() ? "." : "; with a warning: " + String.join("; ", warned) + "."));
        } else {
            sentences.add("A running pod had stopped when its failure was first observed: " + String.join("; ",
                    stopped) + ".");
        }
        String healed = "healed after " + IsolationAnalysis.words(IsolationAnalysis.HOLD) + " by undoing its fault "
                + "steps alone";
        if (!notBack.isEmpty()) {
            sentences.add("Not back " + IsolationAnalysis.words(IsolationAnalysis.SETTLE) + " after the failure was "
                    + healed + ": " + String.join("; ", notBack) + ".");
        } else if (lostAny) {
            sentences.add("Every loss came back " + IsolationAnalysis.words(IsolationAnalysis.SETTLE) + " after its "
                    + "failure was " + healed + ", without any other repair.");
        }
        if (!unhealed.isEmpty()) {
            sentences.add("Whether it comes back was not observed: " + String.join("; ", unhealed) + ".");
        }
        return String.join(" ", sentences);
    }

    /**
     * The asks lost (or degraded) by any affected tenant of the row, in {@link #ASKS} order; what was not observed is
     * not lost (a tenant without a card, or whose probe was not running, said "keep running" of a row where every
     * running pod was kept).
     */
    private static String lostAsks(IsolationRow r) {
        Set<String> asks = new LinkedHashSet<>();
        for (int i = 0; i < ASKS.size(); i++) {
            for (TenantLoss l : r.tenants()) {
                String v = l.all().get(i).verdict();
                if (r.affected().contains(l.tenant()) && !Observation.KEPT.equals(v)
                        && !Observation.NOT_OBSERVED.equals(v)) {
                    asks.add(ASKS.get(i));
                }
            }
        }
        return String.join(", ", asks);
    }

    private static String singular(String layer) {
        return switch (layer) {
            case Failures.MANAGEMENT -> "management node";
            case Failures.WORKERS -> "worker";
            case Failures.CARDS -> "card";
            default -> layer;
        };
    }

    private static String and(List<String> names) {
        return join(names, "and");
    }

    private static String or(List<String> names) {
        return join(names, "or");
    }

    private static String join(List<String> names, String last) {
        if (names.size() <= 1) {
            return String.join("", names);
        }
        return String.join(", ", names.subList(0, names.size() - 1)) + " " + last + " " + names.get(names.size() - 1);
    }
}
