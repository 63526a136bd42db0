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
     * The table's conclusion: the parts shared by more than one tenant whose failure cost several of them, those that
     * survived a failure, and whether each tenant's own parts stayed its own.
     */
    public static String conclusion(IsolationTable t) {
        List<String> sentences = new ArrayList<>();
        List<String> sharedHurt = new ArrayList<>();
        List<String> sharedSurvived = new ArrayList<>();
        List<String> ownOnly = new ArrayList<>();
        List<String> leaked = new ArrayList<>();
        Set<String> ownLayers = new LinkedHashSet<>();
        for (IsolationRow r : t.rows()) {
            if (!r.injected()) {
                continue;
            }
            if (r.sharedBy().size() > 1) {
                if (r.affected().size() > 1) {
                    sharedHurt.add(r.layer() + " " + r.component() + " (" + String.join(", ", r.affected()) + ")");
                } else if (r.affected().isEmpty()) {
                    sharedSurvived.add(r.layer() + " " + r.component());
                } else {
                    sharedHurt.add(r.layer() + " " + r.component() + " (" + r.affected().get(0) + " only)");
                }
            } else if (r.sharedBy().size() == 1) {
                if (r.sharedBy().containsAll(r.affected())) {
                    ownOnly.add(r.component());
                    ownLayers.add(r.layer());
                } else {
                    leaked.add(r.layer() + " " + r.component() + " (also " + String.join(", ", r.affected().stream()
                            .filter(a -> !r.sharedBy().contains(a)).toList()) + ")");
                }
            }
        }
        if (!sharedHurt.isEmpty()) {
            sentences.add("Shared, and failing together: " + String.join("; ", sharedHurt) + ".");
        }
        if (!sharedSurvived.isEmpty()) {
            sentences.add("Shared, and no tenant lost anything when it failed: " + String.join("; ", sharedSurvived)
                    + ".");
        }
        if (!ownOnly.isEmpty() && leaked.isEmpty()) {
            sentences.add("A failure of a tenant's own " + String.join(", ", ownLayers) + " touched that tenant only.");
        }
        if (!leaked.isEmpty()) {
            sentences.add("A tenant's own part whose failure reached another tenant: " + String.join("; ", leaked)
                    + ".");
        }
        if (sentences.isEmpty()) {
            sentences.add("No failure was injected.");
        }
        return String.join(" ", sentences);
    }
}
