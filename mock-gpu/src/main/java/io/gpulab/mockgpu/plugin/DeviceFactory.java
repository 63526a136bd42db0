package io.gpulab.mockgpu.plugin;

import io.gpulab.mockgpu.catalog.CardCatalog;
import io.gpulab.mockgpu.catalog.CardModel;
import io.gpulab.scheduler.model.DeviceInfo;
import io.gpulab.scheduler.model.MigProfile;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns declared cards into the {@link DeviceInfo}s the plugin registers, like the real plugin does from
 * NVML: {@code count = slots}, {@code devmem = floor(MB x memoryScaling)}, {@code devcore = cores x
 * coreScaling}, type by HAMi's v2.8+ rule.
 */
public final class DeviceFactory {

    private final CardCatalog catalog;
    private final DeviceSettings settings;

    public DeviceFactory(CardCatalog catalog, DeviceSettings settings) {
        this.catalog = catalog;
        this.settings = settings;
    }

    /**
     * The cards of one worker, indexes from 0; generated ids are {@code GPU-<n>} with {@code n} counting
     * from {@code firstId} (callers number cards across a tenant so ids are unique in its cluster).
     *
     * @throws IllegalArgumentException for an unknown catalog model (the message names it)
     */
    public List<DeviceInfo> devices(List<CardDeclaration> cards, int firstId) {
        List<DeviceInfo> out = new ArrayList<>();
        int nextId = firstId;
        for (CardDeclaration c : cards) {
            CardModel m = c.model() == null ? null : catalog.require(c.model());
            String type = c.type() != null ? c.type() : m.type();
            int mem = c.memoryMB() != null ? c.memoryMB() : m.memoryMB();
            int cores = c.cores() != null ? c.cores() : 100;
            int slots = c.slots() != null ? c.slots() : settings.deviceSplitCount();
            boolean mig = DeviceInfo.MIG_MODE.equals(c.mode());
            List<MigProfile> profiles = List.of();
            if (mig) {
                // a MIG card registers unscaled, with 100 core units and as many slots as its widest profile has
                // instances (HAMi v2.10 pkg/device/nvidia/device.go, MIG); its profiles as HAMi's device config allows them for the model
                List<String> names = new ArrayList<>(List.of(type));
                if (m != null) {
                    names.add(m.name());
                    names.addAll(m.aliases());
                }
                profiles = MigGeometries.profiles(names);
            }
            for (int i = 0; i < c.count(); i++) {
                String id = c.uuid() != null ? c.uuid() : "GPU-" + nextId;
                nextId++;
                out.add(new DeviceInfo(id, out.size(),
                        mig ? (c.slots() != null ? slots : MigGeometries.maxInstances(profiles)) : slots,
                        mig ? mem : (int) Math.floor(mem * settings.deviceMemoryScaling()),
                        mig ? 100 : (int) Math.floor(cores * settings.deviceCoreScaling()), type,
                        c.numa() != null ? c.numa() : 0, c.mode() != null ? c.mode() : DeviceInfo.DEFAULT_MODE,
                        c.health() == null || c.health(), profiles));
            }
        }
        return List.copyOf(out);
    }
}
