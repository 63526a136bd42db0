package io.gpulab.engine.isolation;

import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.scenario.CommandStep;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * How a row's failure is healed: each fault step undone by the step a scenario would state for it (a DataStore up
 * again, a node ready, a card healthy), nothing else. A lost control-plane replica has no step to undo: its
 * ReplicaSet replaces it, which is the platform's own recovery, so it heals with no step.
 */
final class Heals {

    /**
     * The heal of one failure.
     *
     * @param commands the steps that undo the failure, in the fault's order; empty when nothing is undone
     * @param text     the steps as a scenario states them, or why there is none
     * @param known    whether every fault step has an undo (or needs none); when not, the recovery is not observed
     */
    record Heal(List<LabCommand> commands, String text, boolean known) { }

    private Heals() {
    }

    static Heal of(List<LabCommand> fault) {
        List<LabCommand> undo = new ArrayList<>();
        boolean replicas = false;
        for (LabCommand c : fault) {
            if (c instanceof LabCommand.LoseTcpReplica) {
                replicas = true;
                continue;
            }
            if (c instanceof LabCommand.Advance) {
                // the time a fault takes to show (a worker's grace) is not a fault: nothing to undo
                continue;
            }
            LabCommand u = undo(c);
            if (u == null) {
                return new Heal(List.of(), "gpulab knows no step that undoes " + c.getClass().getSimpleName(), false);
            }
            if (!undo.contains(u)) {
                undo.add(u);
            }
        }
        if (undo.isEmpty()) {
            return new Heal(List.of(), replicas ? "no step: the lost pods' ReplicaSet creates their replacements"
                    : "no step", true);
        }
        return new Heal(List.copyOf(undo), text(undo), true);
    }

    private static @Nullable LabCommand undo(LabCommand c) {
        if (c instanceof LabCommand.SetManagementNode n && !n.state().equals("ready")) {
            return new LabCommand.SetManagementNode(n.node(), "ready");
        } else if (c instanceof LabCommand.SetDataStoreMember d && !d.up()) {
            return new LabCommand.SetDataStoreMember(d.dataStore(), d.member(), true);
        } else if (c instanceof LabCommand.SetDataStoreAccess a && !a.granted()) {
            return new LabCommand.SetDataStoreAccess(a.tenant(), true);
        } else if (c instanceof LabCommand.SetControlPlaneComponent k && !k.up()) {
            return new LabCommand.SetControlPlaneComponent(k.tenant(), k.component(), true);
        } else if (c instanceof LabCommand.SetKonnectivity k && !k.up()) {
            return new LabCommand.SetKonnectivity(k.tenant(), true);
        } else if (c instanceof LabCommand.SetKubelet k && !k.up()) {
            return new LabCommand.SetKubelet(k.tenant(), k.node(), true);
        } else if (c instanceof LabCommand.SetCardHealth h && !h.healthy()) {
            return new LabCommand.SetCardHealth(h.tenant(), h.cardId(), true);
        }
        return null;
    }

    /**
     * The steps in a scenario's words: {@code fault: {dataStore: default, state: up}}; steps that differ in one field
     * only read as one with that field named, {@code fault: {tenant: t, card: CARD, health: true} for each CARD of
     * GPU-0, GPU-1}.
     */
    static String text(List<LabCommand> steps) {
        List<Map<String, Object>> maps = new ArrayList<>();
        for (LabCommand c : steps) {
            Map<String, Object> m = new LinkedHashMap<>(CommandStep.of(c));
            m.remove("name");
            maps.add(m);
        }
        if (maps.size() > 1) {
            String varying = varying(maps);
            if (varying != null) {
                // managementNode -> NODE, card -> CARD: the field's last word names what varies
                String[] words = varying.split("(?=\\p{Upper})");
                String slot = words[words.length - 1].toUpperCase(Locale.ROOT);
                List<String> values = new ArrayList<>();
                for (Map<String, Object> m : maps) {
                    values.add(String.valueOf(Objects.requireNonNull(inner(m)).put(varying, slot)));
                }
                return flow(maps.get(0)) + " for each " + slot + " of " + String.join(", ", values);
            }
        }
        List<String> out = new ArrayList<>();
        for (Map<String, Object> m : maps) {
            out.add(flow(m));
        }
        return String.join("; then ", out);
    }

    /** The one field of the steps' single action whose value differs between them, else null. */
    private static @Nullable String varying(List<Map<String, Object>> maps) {
        Map<String, Object> first = inner(maps.get(0));
        if (first == null) {
            return null;
        }
        String found = null;
        for (String key : first.keySet()) {
            for (Map<String, Object> m : maps) {
                Map<String, Object> f = inner(m);
                if (f == null || !f.keySet().equals(first.keySet()) || !m.keySet().equals(maps.get(0).keySet())) {
                    return null;
                }
                if (!Objects.equals(f.get(key), first.get(key))) {
                    if (found != null && !found.equals(key)) {
                        return null;
                    }
                    found = key;
                }
            }
        }
        return found;
    }

    /** The fields of a step's single action ({@code fault: {...}}), else null. */
    @SuppressWarnings("unchecked")
    private static @Nullable Map<String, Object> inner(Map<String, Object> step) {
        if (step.size() != 1) {
            return null;
        }
        Object v = step.values().iterator().next();
        return v instanceof Map<?, ?> m ? (Map<String, Object>) m : null;
    }

    /** A step as a scenario states it in flow style: {@code fault: {dataStore: default, state: up}}. */
    private static String flow(Map<String, Object> step) {
        List<String> parts = new ArrayList<>();
        step.forEach((k, v) -> parts.add(k + ": " + value(v)));
        return String.join(", ", parts);
    }

    private static String value(@Nullable Object v) {
        if (v instanceof Map<?, ?> m) {
            List<String> parts = new ArrayList<>();
            m.forEach((k, x) -> parts.add(k + ": " + value(x)));
            return "{" + String.join(", ", parts) + "}";
        }
        return String.valueOf(v);
    }
}
