package io.gpulab.engine.scenario;

import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.ControlPlaneView;
import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.ManagementView;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.TenantView;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The checks judged on the lab's snapshot as the previous steps left it: what a tenant sees, a card's use, a
 * control plane, a DataStore, a kubelet's version skew. Each result carries what was observed, not only the verdict.
 */
final class SnapshotChecks {

    private final LabBackend backend;
    private final StepVerdicts verdicts;

    SnapshotChecks(LabBackend backend, StepVerdicts verdicts) {
        this.backend = backend;
        this.verdicts = verdicts;
    }

    StepResult visibility(int index, Step.ExpectVisibility s) {
        TenantView t = backend.snapshot().tenant(s.tenant()).orElse(null);
        if (t == null) {
            return verdicts.result(index, s, null, Checks.expectOf(s), List.of(verdicts.missingTenant(s.tenant())));
        }
        String refused = t.controlPlane().apiError();
        if (!refused.isEmpty() || s.error() != null) {
            // the list itself is refused while the tenant's control plane cannot answer
            Comparisons c = new Comparisons();
            if (s.error() != null) {
                c.same("error", s.error(), refused.isEmpty() ? null : refused);
            } else {
                c.problem("the API server refused the list: " + refused);
            }
            return verdicts.result(index, s, Map.of("error", refused.isEmpty() ? "(none: the list was served)"
                    : refused), Checks.expectOf(s), c);
        }
        Map<String, Object> seen = new LinkedHashMap<>();
        seen.put("nodes", t.nodes().stream().map(NodeView::name).toList());
        seen.put("pods", Checks.workloadPods(t));
        Map<String, Map<String, String>> capacity = new LinkedHashMap<>();
        t.nodes().forEach(n -> capacity.put(n.name(), new TreeMap<>(n.capacity())));
        seen.put("capacity", capacity);
        return verdicts.result(index, s, seen, Checks.expectOf(s), Checks.visibility(s, t));
    }

    StepResult card(int index, Step.ExpectCard s) {
        CardView c = backend.snapshot().tenant(s.tenant()).flatMap(t -> t.node(s.node()))
                .flatMap(n -> n.cards().stream().filter(x -> x.index() == s.index()).findFirst()).orElse(null);
        Map<String, Object> expect = new LinkedHashMap<>();
        expect.put("node", s.node());
        expect.put("index", s.index());
        StepVerdicts.putIf(expect, "usedMemMB", s.usedMemMB());
        StepVerdicts.putIf(expect, "usedCores", s.usedCores());
        StepVerdicts.putIf(expect, "usedSlots", s.usedSlots());
        StepVerdicts.putIf(expect, "health", s.health());
        return verdicts.result(index, s, c == null ? null : LabState.Card.of(c), expect, Checks.card(s, c));
    }

    StepResult controlPlane(int index, Step.ExpectControlPlane s) {
        TenantView t = backend.snapshot().tenant(s.tenant()).orElse(null);
        if (t == null) {
            return verdicts.result(index, s, null, null, List.of(verdicts.missingTenant(s.tenant())));
        }
        ControlPlaneView cp = t.controlPlane();
        Object seen = LabState.ControlPlane.of(cp);
        Comparisons c = new Comparisons();
        c.same("status", s.status(), cp.phase());
        c.same("installedVersion", s.installedVersion(), cp.installedVersion());
        c.same("readyReplicas", s.readyReplicas(), cp.readyReplicas());
        c.same("updatedReplicas", s.updatedReplicas(), cp.updatedReplicas());
        // a real backend that could not ask the API server knows neither answer: a serving check fails either way
        c.same("serving", s.serving(), cp.apiKnown() ? cp.serving() : cp.apiObserved());
        c.same("apiError", s.apiError(), cp.apiError());
        if (s.apiErrorContains() != null) {
            c.add("apiErrorContains", s.apiErrorContains(), cp.apiError(), cp.apiError().contains(s.apiErrorContains()),
                    "apiErrorContains: expected the API's error to contain \"" + s.apiErrorContains() + "\", observed "
                            + (cp.apiError().isEmpty() ? "none (it answers)" : cp.apiError()));
        }
        if (s.podNodes() != null) {
            List<String> want = new ArrayList<>(s.podNodes());
            want.sort(null);
            c.same("podNodes", want, sortedNodes(cp));
        }
        Map<String, Object> expect = new LinkedHashMap<>();
        StepVerdicts.putIf(expect, "status", s.status());
        StepVerdicts.putIf(expect, "installedVersion", s.installedVersion());
        StepVerdicts.putIf(expect, "readyReplicas", s.readyReplicas());
        StepVerdicts.putIf(expect, "updatedReplicas", s.updatedReplicas());
        StepVerdicts.putIf(expect, "serving", s.serving());
        StepVerdicts.putIf(expect, "apiError", s.apiError());
        StepVerdicts.putIf(expect, "apiErrorContains", s.apiErrorContains());
        StepVerdicts.putIf(expect, "podNodes", s.podNodes());
        return verdicts.result(index, s, seen, expect, c);
    }

    private static List<String> sortedNodes(ControlPlaneView cp) {
        List<String> out = new ArrayList<>(cp.pods().stream().map(ControlPlaneView.TcpPodView::node).toList());
        out.sort(null);
        return out;
    }

    StepResult dataStore(int index, Step.ExpectDataStore s) {
        ManagementView.DataStoreView d = backend.snapshot().management().dataStores().stream()
                .filter(x -> x.name().equals(s.dataStore())).findFirst().orElse(null);
        Map<String, Object> expect = new LinkedHashMap<>();
        expect.put("dataStore", s.dataStore());
        StepVerdicts.putIf(expect, "ready", s.ready());
        StepVerdicts.putIf(expect, "healthyMembers", s.healthyMembers());
        StepVerdicts.putIf(expect, "usedBy", s.usedBy());
        if (d == null) {
            return verdicts.result(index, s, null, expect, List.of("the backend shows no DataStore " + s.dataStore()));
        }
        Object seen = d;
        Comparisons c = new Comparisons();
        c.same("ready", s.ready(), d.ready());
        c.same("healthyMembers", s.healthyMembers(), (int) d.healthy());
        if (s.usedBy() != null) {
            c.same("usedBy", new TreeSet<>(s.usedBy()).stream().toList(), new TreeSet<>(d.usedBy()).stream().toList());
        }
        return verdicts.result(index, s, seen, expect, c);
    }

    StepResult kubelet(int index, Step.ExpectKubelet s) {
        ControlPlaneView.KubeletView k = backend.snapshot().tenant(s.tenant())
                .flatMap(t -> t.controlPlane().kubelets().stream().filter(x -> x.node().equals(s.node())).findFirst())
                .orElse(null);
        Map<String, Object> expect = new LinkedHashMap<>();
        expect.put("node", s.node());
        StepVerdicts.putIf(expect, "version", s.version());
        StepVerdicts.putIf(expect, "supported", s.supported());
        StepVerdicts.putIf(expect, "violation", s.violation());
        if (k == null) {
            return verdicts.result(index, s, null, expect,
                    List.of("tenant " + s.tenant() + " shows no kubelet of " + s.node()));
        }
        Map<String, Object> seen = new LinkedHashMap<>();
        seen.put("node", k.node());
        seen.put("version", k.version());
        seen.put("supported", k.checked() ? k.supported() : "not checked: " + k.unchecked());
        seen.put("violation", k.violation());
        Comparisons c = new Comparisons();
        c.same("version", s.version(), k.version());
        // a kubelet whose skew could not be checked is neither supported nor not: both expectations fail
        c.same("supported", s.supported(), k.checked() ? k.supported() : "not checked: " + k.unchecked());
        c.same("violation", s.violation(), k.checked() ? k.violation() : "not checked: " + k.unchecked());
        return verdicts.result(index, s, seen, expect, c);
    }
}
