package io.gpulab.engine.kamaji;

import io.gpulab.engine.lab.ControlPlaneSpec;
import io.gpulab.engine.lab.DataStoreSpec;
import io.gpulab.engine.lab.ManagementNodeSpec;
import io.gpulab.engine.lab.ManagementSpec;
import io.gpulab.engine.lab.PodResources;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** kube-scheduler's placement of control-plane pods on the management nodes, with its own texts. */
class ManagementFitTest {

    private static final PodResources API = PodResources.of("500m", "1Gi");

    private static ManagementFit nodes(int... cpus) {
        List<ManagementNodeSpec> specs = new java.util.ArrayList<>();
        for (int i = 0; i < cpus.length; i++) {
            specs.add(new ManagementNodeSpec("m" + i, cpus[i], 4096));
        }
        return new ManagementFit(specs);
    }

    @Test
    void aPodThatFitsNowhereGetsKubeSchedulersCountedReasons() {
        ManagementFit f = nodes(1, 1);
        f.hold("m0", "other", PodResources.of("800m", "0"), 1);
        f.state("m1", ManagementFit.NodeState.CORDONED);
        ManagementFit.Decision d = f.place("tcp/default/a", API, Map.of());
        assertNull(d.node());
        assertEquals("0/2 nodes are available: 1 Insufficient cpu, 1 node(s) were unschedulable.", d.message());
        assertEquals(Map.of("m0", "Insufficient cpu", "m1", "node(s) were unschedulable"), d.failedNodes());
    }

    @Test
    void aLostNodeFailsOnItsTaintAndBothShortagesAreNamed() {
        ManagementFit f = nodes(1, 4);
        f.state("m1", ManagementFit.NodeState.UNREACHABLE);
        ManagementFit.Decision d = f.place("tcp/default/a", PodResources.of("2", "8Gi"), Map.of());
        assertEquals("0/2 nodes are available: 1 Insufficient cpu, 1 Insufficient memory, 1 node(s) had untolerated "
                + "taint {node.kubernetes.io/unreachable: }.", d.message());
    }

    @Test
    void replicasOfOneOwnerSpreadAcrossNodes() {
        ManagementFit f = nodes(4, 4, 4);
        String first = f.place("tcp/default/a", API, Map.of()).node();
        f.hold(first, "tcp/default/a", API, 1);
        String second = f.place("tcp/default/a", API, Map.of()).node();
        assertFalse(first.equals(second), "the second replica avoids the first one's node");
    }

    @Test
    void aNodeSelectorLeavesOutNodesWithoutTheLabel() {
        ManagementFit f = new ManagementFit(List.of(new ManagementNodeSpec("m0", 4, 4096),
                new ManagementNodeSpec("m1", 4, 4096, "zone-b", Map.of("pool", "cp"), 110)));
        assertEquals("m1", f.place("x", API, Map.of("pool", "cp")).node());
        assertEquals("0/2 nodes are available: 2 node(s) didn't match Pod's node affinity/selector.",
                f.place("x", API, Map.of("pool", "gpu")).message());
    }

    @Test
    void capacityCountsReplicasAndTheRolloutSurge() {
        ControlPlaneSpec cp = new ControlPlaneSpec("default", null, ControlPlaneSpec.DEFAULT_VERSION, 2,
                Map.of(ControlPlaneSpec.KUBE_APISERVER, PodResources.of("1", "1Gi")), ControlPlaneSpec.Strategy.DEFAULT,
                null, null, "LoadBalancer", ControlPlaneSpec.Konnectivity.DEFAULT,
                ControlPlaneSpec.WritePermissions.NONE, Map.of(), List.of());
        ManagementSpec m = new ManagementSpec("m", List.of(new ManagementNodeSpec("m0", 3, 8192),
                new ManagementNodeSpec("m1", 3, 8192)), List.of(DataStoreSpec.etcd("default", 3)));
        ManagementFit.Demand a = ManagementFit.Demand.of("a", cp, m);
        assertEquals(2, a.surge(), "maxSurge 100 % of 2");
        assertEquals(PodResources.of("2", "2Gi"), a.total());
        ManagementFit.Capacity one = ManagementFit.capacity(m, List.of(a));
        assertTrue(one.allFit(), "6 CPU hold 2 replicas and their surge of 2");
        ManagementFit.Capacity three = ManagementFit.capacity(m, List.of(a, ManagementFit.Demand.of("b", cp, m),
                ManagementFit.Demand.of("c", cp, m)));
        assertTrue(three.tcps().get(2).fits(), "6 replicas of 1 CPU fill 6 CPU");
        assertFalse(three.tcps().get(0).surgeFits(), "but leave no room for a rollout's surge");
        assertEquals("0/2 nodes are available: 2 Insufficient cpu.", three.tcps().get(0).message());
    }
}
