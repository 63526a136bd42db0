package io.gpulab.engine.plan;

import io.gpulab.engine.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

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
                + "time to roll out an upgrade (maxSurge: 2 more pods); the cluster costs EUR 600.00 per month, EUR "
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
