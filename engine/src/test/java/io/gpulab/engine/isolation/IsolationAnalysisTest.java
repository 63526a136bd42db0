package io.gpulab.engine.isolation;

import io.gpulab.engine.kamaji.ApiErrors;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.scenario.ScenarioReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Isolation by layer as the failures injected into copies of a lab show it. */
class IsolationAnalysisTest {

    private static IsolationTable article;

    @BeforeAll
    static void deriveTheArticleLab() {
        article = IsolationAnalysis.derive(new ScenarioReader().load("article").lab());
    }

    private static IsolationRow row(IsolationTable t, String layer, String componentStart) {
        return t.rows().stream().filter(r -> r.layer().equals(layer) && r.component().startsWith(componentStart))
                .findFirst().orElseThrow(() -> new AssertionError("no " + layer + " row " + componentStart + " in "
                        + t.rows().stream().map(r -> r.layer() + ": " + r.component()).toList()));
    }

    private static TenantLoss of(IsolationRow r, String tenant) {
        return r.tenants().stream().filter(l -> l.tenant().equals(tenant)).findFirst().orElseThrow();
    }

    @Test
    void withoutAFailureEveryTenantKeepsAllFour() {
        for (TenantLoss l : article.baseline()) {
            for (Observation o : l.all()) {
                assertEquals(Observation.KEPT, o.verdict(), l.tenant() + ": " + o.observed());
            }
        }
    }

    @Test
    void theArticlesDataStoreIsSharedAndItsFailureStopsCreatesInBothTenants() {
        IsolationRow ds = row(article, "DataStore", "default (etcd), all 3 members");
        assertEquals("fault: {dataStore: default, state: down}", ds.fault());
        assertEquals(List.of("tenant-a", "tenant-b"), ds.sharedBy());
        assertEquals(List.of("tenant-a", "tenant-b"), ds.affected());
        for (String t : List.of("tenant-a", "tenant-b")) {
            TenantLoss l = of(ds, t);
            assertEquals(Observation.LOST, l.create().verdict());
            assertEquals("create default/isolation-probe-new refused: DataStoreUnavailable: "
                    + ApiErrors.noEtcdMember(), l.create().observed());
            assertEquals("kubectl get pods: " + ApiErrors.noEtcdMember(), l.read().observed());
            assertEquals(Observation.KEPT, l.keepRunning().verdict(), "running pods keep running");
            assertTrue(l.keepRunning().observed().startsWith("default/isolation-probe-running still Running on "
                    + t + "-worker, card GPU-"), l.keepRunning().observed());
        }
    }

    @Test
    void oneEtcdMemberLostCostsNobodyAnything() {
        IsolationRow m = row(article, "DataStore", "default (etcd), one member kamaji-etcd-0");
        assertEquals(List.of("tenant-a", "tenant-b"), m.sharedBy());
        assertEquals(List.of(), m.affected(), "3 members survive one");
    }

    @Test
    void theManagementNodeIsSharedAndItsLossStopsCreatesInBothTenants() {
        IsolationRow n = row(article, "management nodes", "kamaji-control-plane");
        assertEquals(List.of("tenant-a", "tenant-b"), n.sharedBy());
        assertEquals(List.of("tenant-a", "tenant-b"), n.affected());
        assertTrue(n.sharing().contains("DataStore default (members kamaji-etcd-0, kamaji-etcd-1, kamaji-etcd-2)"),
                n.sharing());
        assertEquals(Observation.LOST, of(n, "tenant-a").create().verdict());
        assertTrue(of(n, "tenant-b").create().observed().contains("was refused - did you specify the right host or "
                + "port?"), of(n, "tenant-b").create().observed());
    }

    @Test
    void aWorkersOrACardsFailureTouchesItsOwnTenantOnly() {
        for (String t : List.of("tenant-a", "tenant-b")) {
            String other = t.equals("tenant-a") ? "tenant-b" : "tenant-a";
            for (IsolationRow r : List.of(row(article, "workers", t + "-worker"), row(article, "cards", "GPU-"))) {
                IsolationRow own = r.layer().equals("cards") ? article.rows().stream().filter(x -> x.layer()
                        .equals("cards") && x.sharedBy().equals(List.of(t))).findFirst().orElseThrow() : r;
                assertEquals(List.of(t), own.sharedBy());
                assertEquals(List.of(t), own.affected(), own.component());
                for (Observation o : of(own, other).all()) {
                    assertEquals(Observation.KEPT, o.verdict(), other + " under " + own.component());
                }
            }
        }
        IsolationRow worker = row(article, "workers", "tenant-a-worker");
        assertEquals("tenant-a-worker (tenant-a), its kubelet down", worker.component());
        assertEquals("fault: {tenant: tenant-a, node: tenant-a-worker, kubelet: down}, then advance: 50s "
                + "(kube-controller-manager's --node-monitor-grace-period: the node is Ready=Unknown and tainted "
                + "unreachable)", worker.fault());
        TenantLoss w = of(worker, "tenant-a");
        assertEquals(Observation.KEPT, w.create().verdict(), "the API server still answers");
        assertEquals(Observation.KEPT, w.read().verdict());
        assertEquals(new Observation(Observation.LOST, "default/isolation-probe-new Pending, node(s) had "
                + "untolerated taint {node.kubernetes.io/unreachable: }: 0/1 nodes are available: 1 node(s) had untolerated taint {node.kubernetes.io/unreachable: }."),
                w.schedule(), "kube-scheduler's TaintToleration refuses the only worker");
        assertEquals(new Observation(Observation.DEGRADED, "default/isolation-probe-running still Running on "
                + "tenant-a-worker, card GPU-0, with the warning: Ready=False: node tenant-a-worker is Ready=Unknown "
                + "(Kubelet stopped posting node status.); whether the containers still run is not known (no "
                + "kubelet reports them)"), w.keepRunning());
        IsolationRow card = article.rows().stream().filter(x -> x.layer().equals("cards")
                && x.sharedBy().equals(List.of("tenant-a"))).findFirst().orElseThrow();
        assertEquals("fault: {tenant: tenant-a, card: GPU-0, health: false}", card.fault());
        TenantLoss a = of(card, "tenant-a");
        assertEquals(Observation.KEPT, a.create().verdict(), "the API server still answers");
        assertEquals(Observation.LOST, a.schedule().verdict(), "tenant-a's only card is unhealthy");
        assertTrue(a.schedule().observed().contains("CardNotHealth"), a.schedule().observed());
    }

    @Test
    void aTenantsOwnControlPlaneAndTunnelFailOnlyThatTenant() {
        IsolationRow api = row(article, "API server", "tenant-a: all 2 replicas");
        assertEquals(List.of("tenant-a"), api.affected());
        assertEquals(List.of(), row(article, "API server", "tenant-a: one of 2").affected(), "replicas 2: the API stays");
        IsolationRow tunnel = row(article, "Konnectivity", "tenant-b");
        assertEquals(List.of("tenant-b"), tunnel.affected());
        assertEquals(Observation.DEGRADED, of(tunnel, "tenant-b").create().verdict(),
                "Ignore admits the pod without HAMi's webhook");
        assertTrue(of(tunnel, "tenant-b").create().observed().endsWith("No agent available"));
    }

    @Test
    void aTenantsRevokedEtcdRoleRefusesThatTenantAloneWithEtcdsText() {
        IsolationRow schema = row(article, "schema", "tenant-a's");
        assertTrue(schema.injected());
        assertEquals("fault: {tenant: tenant-a, dataStoreAccess: revoked}", schema.fault());
        assertEquals(List.of("tenant-a"), schema.sharedBy());
        assertEquals(List.of("tenant-a"), schema.affected());
        TenantLoss a = of(schema, "tenant-a");
        assertEquals("create default/isolation-probe-new refused: DataStorePermissionDenied: "
                + ApiErrors.permissionDenied(), a.create().observed());
        assertEquals("kubectl get pods: " + ApiErrors.permissionDenied(), a.read().observed());
        assertEquals(Observation.KEPT, a.keepRunning().verdict());
        for (Observation o : of(schema, "tenant-b").all()) {
            assertEquals(Observation.KEPT, o.verdict(), "tenant-b's role is its own: " + o.observed());
        }
    }

    @Test
    void aStoppedSchedulerOrControllerManagerCostsTheGpuProbesNothing() {
        for (String t : List.of("tenant-a", "tenant-b")) {
            IsolationRow s = row(article, "controller-manager / scheduler", t + "'s kube-scheduler");
            assertTrue(s.injected());
            assertEquals("fault: {tenant: " + t + ", component: kube-scheduler, state: down}", s.fault());
            assertEquals(List.of(), s.affected(), "hami-scheduler, in the tenant's cluster, places the GPU probe");
            assertTrue(s.sharing().contains("HAMi's scheduler"), s.sharing());
            assertTrue(of(s, t).schedule().observed().endsWith("by hami-scheduler"), of(s, t).schedule().observed());
            IsolationRow c = row(article, "controller-manager / scheduler", t + "'s kube-controller-manager");
            assertTrue(c.injected());
            assertEquals(List.of(), c.affected());
        }
        assertTrue(article.rows().stream().allMatch(IsolationRow::injected), "every layer has its fault step");
        assertEquals("Shared by several tenants and failing together: the management node kamaji-control-plane (tenant-a and "
                + "tenant-b lost create, read, schedule); the DataStore default (etcd), all 3 members (tenant-a and "
                + "tenant-b lost create, read, schedule). Shared, and no tenant lost anything when it failed: the "
                + "DataStore default (etcd), one member kamaji-etcd-0 of 3. A failure of a tenant's own schema, API "
                + "server, controller-manager / scheduler, Konnectivity, worker or card touched that tenant only. When "
                + "each failure was first observed, the pods already running still read Running; with a warning: "
                + "tenant-a under the worker tenant-a-worker (tenant-a), its kubelet down; tenant-b under the worker "
                + "tenant-b-worker (tenant-b), its kubelet down; tenant-a under the card GPU-0 on tenant-a-worker "
                + "(tenant-a); tenant-b under the card GPU-1 on tenant-b-worker (tenant-b). Not back 1 minute after "
                + "the failure was healed after 6 minutes by undoing its fault steps alone: tenant-a under the worker "
                + "tenant-a-worker (tenant-a), its kubelet down (keep running lost: the pod that still read Running "
                + "when the failure was first observed was gone); tenant-b under the worker tenant-b-worker "
                + "(tenant-b), its kubelet down (keep running lost: the pod that still read Running when the failure "
                + "was first observed was gone).", article.conclusion());
        assertFalse(article.conclusion().contains("kept running"), "the worker rows' probe pods are evicted while "
                + "the kubelet stays down: nothing observed them running through the failure");
    }

    private static Recovery healed(IsolationRow r, String tenant) {
        return r.recoveryOf(tenant).orElseThrow(() -> new AssertionError("no recovery of " + tenant + " in "
                + r.component()));
    }

    @Test
    void theSharedDataStoreHealedGivesBothTenantsBackWhatTheyLost() {
        IsolationRow ds = row(article, "DataStore", "default (etcd), all 3 members");
        assertEquals("fault: {dataStore: default, state: up}", ds.heal());
        assertEquals("tenant-a, tenant-b back", IsolationWords.recovery(ds));
        for (String t : List.of("tenant-a", "tenant-b")) {
            Recovery h = healed(ds, t);
            assertEquals(Recovery.BACK, h.verdict());
            assertEquals("created default/isolation-probe-healed (schedulerName hami-scheduler)",
                    h.create().observed(), "a new pod, created after the heal");
            assertEquals("kubectl get pods listed 1 pod", h.read().observed(), "the create refused during the "
                    + "failure left nothing behind");
            assertEquals(Observation.KEPT, h.schedule().verdict());
            assertTrue(h.schedule().observed().startsWith("default/isolation-probe-healed bound to " + t
                    + "-worker, card GPU-"), h.schedule().observed());
            assertTrue(h.schedule().observed().endsWith(" by hami-scheduler"), h.schedule().observed());
            assertEquals("default/isolation-probe-running still Running on " + t + "-worker, card "
                    + of(ds, t).keepRunning().observed().replaceFirst(".*, card ", ""), h.keepRunning().observed());
        }
    }

    @Test
    void eachRowIsHealedByUndoingItsOwnFaultStepsAndAnUntouchedTenantStaysAsItWas() {
        IsolationRow node = row(article, "management nodes", "kamaji-control-plane");
        assertEquals("fault: {managementNode: kamaji-control-plane, state: ready}", node.heal());
        assertEquals(Recovery.BACK, healed(node, "tenant-a").verdict(), "its control-plane pods, evicted after "
                + "50 s + 300 s, are placed on the node back again");
        assertEquals("fault: {tenant: tenant-a, dataStoreAccess: granted}", row(article, "schema", "tenant-a's")
                .heal());
        IsolationRow replicas = row(article, "API server", "tenant-a: all 2 replicas");
        assertEquals("no step: the lost pods' ReplicaSet creates their replacements", replicas.heal());
        assertEquals(Recovery.BACK, healed(replicas, "tenant-a").verdict());
        assertEquals(Recovery.NOTHING_LOST, healed(replicas, "tenant-b").verdict());
        assertEquals("tenant-a back", IsolationWords.recovery(replicas));
        assertEquals("fault: {tenant: tenant-b, konnectivity: up}", row(article, "Konnectivity", "tenant-b").heal());
        assertEquals("fault: {tenant: tenant-a, component: kube-scheduler, state: up}", row(article,
                "controller-manager / scheduler", "tenant-a's kube-scheduler").heal());
        IsolationRow member = row(article, "DataStore", "default (etcd), one member");
        assertEquals("fault: {dataStore: default, member: kamaji-etcd-0, state: up}", member.heal());
        assertEquals(Recovery.NOTHING_LOST, IsolationWords.recovery(member));
        IsolationRow worker = row(article, "workers", "tenant-b-worker");
        assertEquals("fault: {tenant: tenant-b, node: tenant-b-worker, kubelet: up}", worker.heal());
        Recovery w = healed(worker, "tenant-b");
        assertEquals(Recovery.NOT_BACK, w.verdict(), "held 6 minutes, the probe pod was evicted 300 s after the taint");
        assertEquals(Observation.LOST, w.keepRunning().verdict(), w.keepRunning().observed());
        assertEquals(Observation.KEPT, w.schedule().verdict(), "the node Ready and untainted again: "
                + w.schedule().observed());
        IsolationRow card = row(article, "cards", "GPU-0 on tenant-a-worker");
        assertEquals("fault: {tenant: tenant-a, card: GPU-0, health: true}", card.heal());
        Recovery a = healed(card, "tenant-a");
        assertEquals(Recovery.BACK, a.verdict(), "the card healthy again: the pod's warning is gone, a new pod fits");
        assertEquals(Observation.KEPT, a.keepRunning().verdict(), a.keepRunning().observed());
        for (IsolationRow r : article.rows()) {
            assertEquals(article.tenants(), r.recovery().stream().map(Recovery::tenant).toList(), r.component());
            for (Recovery h : r.recovery()) {
                // a worker's kubelet down evicts its bare probe pod (nothing re-creates it): not back
                String affected = r.layer().equals("workers") ? Recovery.NOT_BACK : Recovery.BACK;
                assertEquals(r.affected().contains(h.tenant()) ? affected : Recovery.NOTHING_LOST, h.verdict(),
                        h.tenant() + " under " + r.component());
            }
        }
    }

    /**
     * A tenant without a card (the lab editor's "add tenant" gives none) has nothing to schedule a GPU pod on: its
     * schedule read "lost" in the baseline and in every row, as if each failure had cost it something.
     */
    @Test
    void aTenantWithoutCardsHasNothingToScheduleAndLosesNoScheduling() {
        LabSpec lab = new ScenarioReader().read("no-cards.yaml", new StringReader("""
                apiVersion: gpulab.io/v1
                kind: Scenario
                metadata: {name: no-cards}
                lab:
                  tenants:
                    - name: tenant-a
                      workers:
                        - {name: tenant-a-worker, cards: [{model: A100-80GB}]}
                    - name: tenant-c
                      workers:
                        - {name: tenant-c-worker, cpu: 4, memoryMiB: 8192}
                steps: []
                """), false).lab();
        IsolationTable t = IsolationAnalysis.derive(lab);
        TenantLoss c = t.baseline().stream().filter(l -> l.tenant().equals("tenant-c")).findFirst().orElseThrow();
        assertEquals(Observation.NOT_OBSERVED, c.schedule().verdict());
        assertEquals("tenant-c has no GPU card: nothing to schedule a GPU pod on, with or without a failure",
                c.schedule().observed());
        assertFalse(IsolationWords.losses(c).contains("schedule lost"), IsolationWords.losses(c));
        for (IsolationRow r : t.rows()) {
            if (r.injected()) {
                assertFalse(IsolationWords.losses(of(r, "tenant-c")).contains("schedule lost"), r.component() + ": "
                        + IsolationWords.losses(of(r, "tenant-c")));
            }
        }
        // the conclusion names what was lost: the shared parts' failures kept every running pod, and what tenant-c
        // could not show (no card, no running probe) is not counted as lost
        assertFalse(t.conclusion().contains("keep running)"), t.conclusion());
        // the tenant with a card still has its schedule observed
        TenantLoss a = t.baseline().stream().filter(l -> l.tenant().equals("tenant-a")).findFirst().orElseThrow();
        assertEquals(Observation.KEPT, a.schedule().verdict(), a.schedule().observed());
    }

    @Test
    void aDedicatedDataStorePerTenantIsNotShared() {
        LabSpec lab = new ScenarioReader().read("dedicated.yaml", new StringReader("""
                apiVersion: gpulab.io/v1
                kind: Scenario
                metadata: {name: dedicated}
                lab:
                  management:
                    nodes:
                      - {name: mgmt-1, cpu: 8, memoryMiB: 16384}
                      - {name: mgmt-2, cpu: 8, memoryMiB: 16384}
                    dataStores:
                      - {name: etcd-a, driver: etcd, members: 3}
                      - {name: etcd-b, driver: etcd, members: 3}
                  tenants:
                    - name: tenant-a
                      controlPlane:
                        kubernetes: {version: v1.35.0}
                        controlPlane: {service: {serviceType: LoadBalancer}}
                        dataStore: etcd-a
                        addons: {konnectivity: {}}
                      workers:
                        - {name: tenant-a-worker, cards: [{model: A100-80GB}]}
                    - name: tenant-b
                      controlPlane:
                        kubernetes: {version: v1.35.0}
                        controlPlane: {service: {serviceType: LoadBalancer}}
                        dataStore: etcd-b
                        addons: {konnectivity: {}}
                      workers:
                        - {name: tenant-b-worker, cards: [{model: L4-24GB}]}
                steps: []
                """), false).lab();
        IsolationTable t = IsolationAnalysis.derive(lab);
        IsolationRow a = row(t, "DataStore", "etcd-a (etcd), all 3");
        assertEquals(List.of("tenant-a"), a.sharedBy());
        assertEquals(List.of("tenant-a"), a.affected());
        assertEquals(Observation.LOST, of(a, "tenant-a").create().verdict());
        for (Observation o : of(a, "tenant-b").all()) {
            assertEquals(Observation.KEPT, o.verdict(), "tenant-b's own DataStore answers: " + o.observed());
        }
        assertEquals(List.of("tenant-b"), row(t, "DataStore", "etcd-b (etcd), all 3").affected());
        // two management nodes: each is failed alone, then both together
        assertEquals(3, t.rows().stream().filter(r -> r.layer().equals("management nodes")).count());
        IsolationRow both = row(t, "management nodes", "all 2 nodes");
        assertEquals(List.of("tenant-a", "tenant-b"), both.affected());
    }

    @Test
    void onTcpReplicasOneReplicaIsNoAPIAndTheNodesHoldOneTenantEach() {
        IsolationTable t = IsolationAnalysis.derive(new ScenarioReader().load("tcp-replicas").lab());
        IsolationRow mgmt3 = row(t, "management nodes", "mgmt-3");
        assertEquals(List.of("tenant-b"), mgmt3.sharedBy(), mgmt3.sharing());
        assertEquals(List.of("tenant-b"), mgmt3.affected());
        assertEquals(List.of(), row(t, "management nodes", "mgmt-1").affected(), "tenant-a's other replica answers");
        assertEquals(List.of("tenant-b"), row(t, "API server", "tenant-b: its one replica").affected());
        assertEquals(List.of("tenant-a", "tenant-b"), row(t, "management nodes", "all 3 nodes").affected());
        assertTrue(t.conclusion().contains("Management infrastructure that held one tenant's parts as built: the "
                + "management node mgmt-1 (tenant-a lost nothing); the management node mgmt-2 (tenant-a lost "
                + "nothing); the management node mgmt-3 (tenant-b lost create, read, schedule)."), t.conclusion());
        assertTrue(t.conclusion().startsWith("Shared by several tenants and failing together: all 3 management nodes "
                + "(tenant-a and tenant-b lost create, read, schedule)"), t.conclusion());
    }
}
