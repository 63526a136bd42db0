package io.gpulab.engine.sim;

import io.gpulab.engine.lab.CardSpec;
import io.gpulab.engine.lab.HamiSettings;
import io.gpulab.engine.lab.NodeConfigSpec;
import io.gpulab.mockgpu.catalog.CardCatalog;
import io.gpulab.mockgpu.plugin.CardDeclaration;
import io.gpulab.mockgpu.plugin.DeviceFactory;
import io.gpulab.mockgpu.plugin.DeviceSettings;
import io.gpulab.scheduler.model.DeviceInfo;

import java.util.List;

/**
 * A worker's cards under a {@code nodeconfig[]} entry of HAMi's device plugin: that node's split count and
 * scalings, its operating mode for every card, and the cards it filters out (by id or index) left unregistered.
 */
final class NodeConfigs {

    private NodeConfigs() {
    }

    static List<DeviceInfo> devices(NodeConfigSpec nc, HamiSettings lab, List<CardSpec> cards, int firstId) {
        DeviceSettings settings = new DeviceSettings(
                nc.deviceSplitCount() != null ? nc.deviceSplitCount() : lab.deviceSplitCount(),
                nc.deviceMemoryScaling() != null ? nc.deviceMemoryScaling() : lab.deviceMemoryScaling(),
                nc.deviceCoreScaling() != null ? nc.deviceCoreScaling() : lab.deviceCoreScaling());
        List<CardDeclaration> decl = cards.stream().map(LabBuilder::declaration).map(d -> nc.operatingMode() == null
                ? d : new CardDeclaration(d.model(), d.count(), d.type(), d.memoryMB(), d.cores(), d.slots(), d.numa(),
                d.uuid(), d.health(), nc.operatingMode())).toList();
        List<DeviceInfo> all = new DeviceFactory(CardCatalog.builtIn(), settings).devices(decl, firstId);
        return all.stream().filter(d -> !nc.filterUuids().contains(d.id()) && !nc.filterIndexes().contains(d.index()))
                .toList();
    }
}
