package io.gpulab.engine.plan;

import io.gpulab.engine.scenario.ScenarioException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A plan's control planes: how many Kamaji holds, what they cost per tenant, and that the total includes it. */
class ControlPlaneCostTest {

    /** Two management nodes of 4 CPU; a control plane of 2 replicas requesting 1 CPU each: 8 pods fit by CPU. */
    private static final String PLAN = """
            apiVersion: gpulab.io/v1
            kind: Plan
            metadata: {name: cp}
            workload:
              pods:
                - {name: chat, count: 20, gpuMemMB: 6000, gpuCores: 20}
            prices: {currency: EUR, period: month, cards: {L4-24GB: 200}, worker: 100, term: 12,
                     managementNode: 300, controlPlaneMachine: 120}
            candidates:
              - name: kamaji
                worker: {cpu: 32, memoryMiB: 131072, cards: [{model: L4-24GB, count: 4}]}
                workers: 6
                tenants: TENANTS
                controlPlane:
                  kamaji:
                    management:
                      nodes:
                        - {name: m1, cpu: 4, memoryMiB: 16384}
                        - {name: m2, cpu: 4, memoryMiB: 16384}
                    tenantControlPlane:
                      kubernetes: {version: v1.35.7}
                      controlPlane:
                        deployment:
                          replicas: 2
                          resources: {apiServer: {requests: {cpu: "1", memory: 1Gi}}}
                        service: {serviceType: ClusterIP}
              - name: dedicated
                worker: {cpu: 32, memoryMiB: 131072, cards: [{model: L4-24GB, count: 4}]}
                workers: 6
                tenants: TENANTS
                controlPlane:
                  dedicated: {}
            """;

    private static PlanResult run(int tenants) {
        return PlanRunnerTest.run(PLAN.replace("TENANTS", String.valueOf(tenants)), 1);
    }

    @Test
    void kamajiHoldsControlPlanesByRequestsTimesReplicasAndKeepsSurgeRoomForOneUpgrade() {
        ControlPlaneCost cp = run(3).candidates().get(0).controlPlanes();
        ControlPlaneCost.Capacity m = cp.management();
        assertEquals(2, m.replicas());
        assertEquals(2, m.surge(), "maxSurge 100 % of 2 replicas");
        assertEquals(1000, m.podRequest().cpuMilli());
        // 8 CPU hold 8 pods: 4 control planes of 2; keeping room for one's 2 surge pods leaves 3
        assertEquals(4, m.fit());
        assertEquals(3, m.fitWithSurge());
        assertTrue(m.limit().contains("Insufficient cpu"), m.limit());
        assertTrue(cp.holdsTenants() && cp.holdsUpgrades());
    }

    @Test
    void aFourthTenantFitsButItsUpgradeCannotRollAndAFifthDoesNotFit() {
        ControlPlaneCost four = run(4).candidates().get(0).controlPlanes();
        assertTrue(four.holdsTenants());
        assertFalse(four.holdsUpgrades());
        String s = run(4).controlPlanes().get(0);
        assertTrue(s.contains("its 4 tenants fit but an upgrade cannot roll out (kube-scheduler: 0/2 nodes are "
                + "available: 2 Insufficient cpu.)"), s);
        ControlPlaneCost five = run(5).candidates().get(0).controlPlanes();
        assertFalse(five.holdsTenants());
        assertTrue(run(5).controlPlanes().get(0).contains("its 5 tenants do not all fit"), s);
    }

    @Test
    void costPerTenantIsTheManagementClusterSharedOrThreeMachinesEach() {
        PlanResult r = run(3);
        ControlPlaneCost kamaji = r.candidates().get(0).controlPlanes();
        assertEquals(600.0, kamaji.perPeriod(), "2 management nodes × 300");
        assertEquals(200.0, kamaji.perTenant());
        assertEquals(200.0, kamaji.management().perTenantAtCapacity(), "600 over the 3 it holds with surge room");
        assertEquals(360.0, kamaji.dedicatedPerTenant(), "kubeadm HA: 3 machines × 120");
        ControlPlaneCost dedicated = r.candidates().get(1).controlPlanes();
        assertNull(dedicated.management());
        assertEquals(3 * 360.0, dedicated.perPeriod());
        assertEquals(360.0, dedicated.perTenant());
        assertEquals("Control planes of kamaji: its management cluster (2 × 4 CPU, 16 GiB) holds 4 tenant control "
                + "planes by their requests (2 replicas of 1,000m CPU and 1,024 MiB each), 3 with room for one at a "
                + "time to roll out an upgrade (maxSurge 100 %: 2 more pods, as many as its replicas); the cluster costs EUR 600.00 per month, EUR "
                + "200.00 per tenant per month for its 3 tenants (EUR 200.00 at the 3 it holds with upgrade room), "
                + "against EUR 360.00 per tenant per month for a dedicated control plane (3 machines, kubeadm HA).",
                r.controlPlanes().get(0));
    }

    @Test
    void theControlPlanesCostEntersTheCandidatesTotalAndTheRecommendation() {
        PlanResult r = run(3);
        double workers = 6 * (100 + 4 * 200.0);
        CandidateResult kamaji = r.candidates().get(0);
        assertEquals(workers + 600, kamaji.cost());
        assertEquals(workers + 1080, r.candidates().get(1).cost());
        assertEquals(kamaji.cost() / kamaji.placed(), kamaji.costPerPlacedPod(), 1e-9);
        assertEquals("kamaji", r.recommendation().candidate());
        assertTrue(r.recommendation().sentence().contains("EUR 72,000.00 over 12 months (EUR 6,000.00 per month, of "
                + "which EUR 600.00 for its control planes)"), r.recommendation().sentence());
        @SuppressWarnings("unchecked")
        Map<String, Object> json = (Map<String, Object>) ((java.util.List<Object>) PlanJson.of(r, "t")
                .get("candidates")).get(0);
        @SuppressWarnings("unchecked")
        Map<String, Object> cp = (Map<String, Object>) json.get("controlPlanes");
        assertEquals("kamaji", cp.get("mode"));
        assertEquals(600.0, cp.get("cost"));
        @SuppressWarnings("unchecked")
        Map<String, Object> mc = (Map<String, Object>) cp.get("management");
        assertEquals(4, mc.get("fit"));
        assertEquals(3, mc.get("fitWithSurge"));
    }

    @Test
    void theCheapestCandidateWhoseManagementClusterCannotHoldItsTenantsIsNotRecommended() {
        // 5 tenants: kamaji's 2 × 4 CPU hold 4 control planes; it is still the cheaper one (600 against 5 × 360)
        PlanResult r = run(5);
        CandidateResult kamaji = r.candidates().get(0);
        CandidateResult dedicated = r.candidates().get(1);
        assertEquals(0, kamaji.pending(), "the replay placed every pod: only the control planes do not fit");
        assertTrue(kamaji.cost() < dedicated.cost());
        assertFalse(kamaji.runsControlPlanes());
        assertEquals("dedicated", r.recommendation().candidate());
        String s = r.recommendation().sentence();
        assertTrue(s.contains("It wins on placing everything (placeAll): it places every pod that a candidate can run "
                + "and runs every tenant's control plane; kamaji's management cluster holds only 4 of its 5 tenants' "
                + "control planes, so 1 tenant has no API server to run its pods."), s);
        assertTrue(r.objectives().get(0).startsWith("Places everything at the lowest cost: dedicated"),
                r.objectives().get(0));
        assertTrue(r.objectives().get(0).endsWith(" Not counted as placing everything: kamaji's management cluster "
                + "holds only 4 of its 5 tenants' control planes."), r.objectives().get(0));
        // every robustness replay ranks the same way (the control planes do not depend on the arrival order)
        assertEquals("dedicated", Recommendation.winner(java.util.List.of(Plan.Objective.PLACE_ALL),
                r.candidates(), java.util.List.of()));
    }

    @Test
    void aCandidateRecommendedUnderAnotherObjectiveSaysItsTenantsControlPlanesDoNotFit() {
        // cost per pod first: kamaji is cheaper per pod, and named, but not without saying what it cannot run
        PlanResult r = PlanRunnerTest.run(PLAN.replace("TENANTS", "5").replace("candidates:\n",
                "objectives: [costPerPod, placeAll]\ncandidates:\n"), 1);
        assertEquals("kamaji", r.recommendation().candidate());
        String s = r.recommendation().sentence();
        assertTrue(s.contains("places 20 of 20 pods and leaves none unplaced; but its management cluster holds only 4 "
                + "of its 5 tenants' control planes, so 1 tenant has no API server to run its pods (kube-scheduler: "
                + "0/2 nodes are available: 2 Insufficient cpu.)."), s);
    }

    @Test
    void candidatesCsvCarriesTheControlPlanesAsTheJsonDoes(@TempDir Path dir) throws Exception {
        PlanResult r = run(3);
        PlanCsv.write(r, dir, false);
        List<String> lines = Files.readAllLines(dir.resolve("candidates.csv"));
        List<String> head = cells(lines.get(0));
        Map<String, String> kamaji = row(head, lines.get(1));
        Map<String, String> dedicated = row(head, lines.get(2));
        assertEquals("kamaji", kamaji.get("name"));
        assertEquals("6000.00", kamaji.get("cost"), "6 workers × 900 + the management cluster's 600");
        assertEquals(List.of("kamaji", "3", "4", "3", "600.00", "200.00", "360.00"), controlPlaneCells(kamaji));
        // a dedicated control plane is not placed anywhere: no fit figures, three machines × 120 per tenant
        assertEquals(List.of("dedicated", "3", "", "", "1080.00", "360.00", "360.00"), controlPlaneCells(dedicated));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> json = (List<Map<String, Object>>) PlanJson.of(r, "t").get("candidates");
        for (int i = 0; i < 2; i++) {
            @SuppressWarnings("unchecked")
            Map<String, Object> cp = (Map<String, Object>) json.get(i).get("controlPlanes");
            Map<String, String> csv = i == 0 ? kamaji : dedicated;
            assertEquals(cp.get("mode"), csv.get("controlPlaneMode"));
            assertEquals(String.valueOf(cp.get("tenants")), csv.get("tenants"));
            assertEquals((Double) cp.get("cost"), Double.parseDouble(csv.get("controlPlaneCost")));
            assertEquals((Double) cp.get("costPerTenant"), Double.parseDouble(csv.get("controlPlaneCostPerTenant")));
            assertEquals((Double) cp.get("dedicatedPerTenant"),
                    Double.parseDouble(csv.get("dedicatedControlPlanePerTenant")));
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> mc = (Map<String, Object>) ((Map<String, Object>) json.get(0).get("controlPlanes"))
                .get("management");
        assertEquals(String.valueOf(mc.get("fit")), kamaji.get("controlPlanesFit"));
        assertEquals(String.valueOf(mc.get("fitWithSurge")), kamaji.get("controlPlanesFitWithUpgrade"));
    }

    @Test
    void candidatesCsvLeavesTheControlPlaneColumnsEmptyWhenTheyAreNotStated(@TempDir Path dir) throws Exception {
        String plain = PLAN.replace("TENANTS", "3").replaceAll("(?s)    controlPlane:\\n.*?(?=  - name: dedicated)", "")
                .replaceAll("(?s)    controlPlane:\\n      dedicated: \\{}\\n", "");
        PlanCsv.write(PlanRunnerTest.run(plain, 1), dir, false);
        List<String> lines = Files.readAllLines(dir.resolve("candidates.csv"));
        Map<String, String> row = row(cells(lines.get(0)), lines.get(1));
        assertEquals(List.of("", "", "", "", "", "", ""), controlPlaneCells(row));
    }

    private static List<String> controlPlaneCells(Map<String, String> row) {
        return List.of(row.get("controlPlaneMode"), row.get("tenants"), row.get("controlPlanesFit"),
                row.get("controlPlanesFitWithUpgrade"), row.get("controlPlaneCost"),
                row.get("controlPlaneCostPerTenant"), row.get("dedicatedControlPlanePerTenant"));
    }

    private static Map<String, String> row(List<String> head, String line) {
        List<String> cells = cells(line);
        assertEquals(head.size(), cells.size(), line);
        Map<String, String> m = new java.util.LinkedHashMap<>();
        for (int i = 0; i < head.size(); i++) {
            m.put(head.get(i), cells.get(i));
        }
        return m;
    }

    /** RFC 4180 cells (the shape is quoted: it holds commas). */
    private static List<String> cells(String line) {
        List<String> out = new java.util.ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (ch == '"') {
                if (quoted && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else {
                    quoted = !quoted;
                }
            } else if (ch == ',' && !quoted) {
                out.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(ch);
            }
        }
        out.add(cell.toString());
        return out;
    }

    @Test
    void aPlanWithoutControlPlanesIsUnchanged() {
        String plain = PLAN.replace("TENANTS", "3").replaceAll("(?s)    controlPlane:\\n.*?(?=  - name: dedicated)", "")
                .replaceAll("(?s)    controlPlane:\\n      dedicated: \\{}\\n", "");
        assertFalse(plain.contains("controlPlane:"), plain);
        PlanResult r = PlanRunnerTest.run(plain, 1);
        CandidateResult k = r.candidates().get(0);
        assertNull(k.controlPlanes());
        assertEquals(6 * (100 + 4 * 200.0), k.cost());
        assertTrue(r.controlPlanes().isEmpty());
        assertFalse(r.recommendation().sentence().contains("control planes"), r.recommendation().sentence());
        @SuppressWarnings("unchecked")
        Map<String, Object> json = (Map<String, Object>) ((java.util.List<Object>) PlanJson.of(r, "t")
                .get("candidates")).get(0);
        assertFalse(json.containsKey("controlPlanes"));
    }

    @Test
    void aPricedPlanMustPriceTheControlPlanesItStates() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> new PlanReader().read("t.yaml",
                PLAN.replace("TENANTS", "2").replace(" managementNode: 300,", ""), null));
        assertTrue(e.getMessage().contains("no price for a management node (prices.managementNode)"), e.getMessage());
        assertTrue(e.getMessage().startsWith("t.yaml:14"), e.getMessage());
    }

    @Test
    void unpricedControlPlanesStillReportTheirFit() {
        String text = PLAN.replace("TENANTS", "2").replaceAll("(?s)prices: \\{.*?controlPlaneMachine: 120}\\n", "");
        PlanResult r = PlanRunnerTest.run(text, 1);
        ControlPlaneCost cp = r.candidates().get(0).controlPlanes();
        assertEquals(4, cp.management().fit());
        assertNull(cp.perPeriod());
        assertTrue(r.controlPlanes().get(0).endsWith("; not priced."), r.controlPlanes().get(0));
    }
}
