package io.gpulab.scheduler.filter;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.scheduler.Fixtures;
import io.gpulab.scheduler.model.DeviceUsage;
import io.gpulab.scheduler.model.NodeInfo;
import io.gpulab.scheduler.model.PodInfo;
import io.gpulab.scheduler.usage.PodUsage;
import io.gpulab.scheduler.usage.UsageLedger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Property: scheduling pod after pod never books more memory, cores or slots than a card has. */
class AllocationInvariantsTest {

    @Test
    void bookingsNeverExceedACardsMemoryCoresOrSlots() {
        Random r = new Random(99);
        for (int round = 0; round < 20; round++) {
            List<NodeInfo> fleet = new ArrayList<>();
            for (NodeInfo n : RandomScenarios.fleet(r, 6)) {
                fleet.add(new NodeInfo(n.name(), Map.of(), n.devices().stream().map(d -> DeviceUsage.idle(d.info()))
                        .toList()));
            }
            for (int i = 0; i < 120; i++) {
                PodInfo pod = RandomScenarios.pod(r, i);
                if (!FilterContext.of(pod, Fixtures.CFG).isOk()) {
                    continue;
                }
                FilterResult res = HamiFilter.filter(pod, fleet, Fixtures.CFG);
                if (res.node() == null) {
                    continue;
                }
                for (int n = 0; n < fleet.size(); n++) {
                    if (fleet.get(n).name().equals(res.node())) {
                        fleet.set(n, UsageLedger.apply(fleet.get(n), PodUsage.collapse(res.devices(),
                                pod.initContainers().size())));
                    }
                }
                for (NodeInfo n : fleet) {
                    for (DeviceUsage d : n.devices()) {
                        String where = "round " + round + " pod " + i + " card " + d;
                        assertTrue(d.usedMem() <= d.info().devMem(), where);
                        assertTrue(d.usedCores() <= d.info().devCore(), where);
                        assertTrue(d.usedSlots() <= d.info().count(), where);
                    }
                }
            }
        }
    }
}
