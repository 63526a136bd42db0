package io.gpulab.engine.sim;

import io.gpulab.engine.lab.HamiSettings;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.lab.TenantSpec;
import io.gpulab.engine.lab.WorkerSpec;
import io.gpulab.mockgpu.catalog.CardCatalog;
import io.gpulab.mockgpu.plugin.DeviceFactory;
import io.gpulab.mockgpu.plugin.DeviceSettings;
import io.gpulab.scheduler.model.DeviceInfo;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The cards each worker of a tenant registers, one rule for the simulated lab and for the scenario checker: the
 * mock plugin's cards of {@code cards:} (or of the worker's HAMi node config), with ids counted across the
 * tenant's workers, unless the worker states HAMi's own {@code hami.io/node-nvidia-register}, whose cards and ids
 * are then the ones HAMi decodes (none when it cannot).
 */
public final class RegisteredCards {

    private final String tenant;
    private final HamiSettings hami;
    private final DeviceFactory factory;
    private int nextCard;

    /** The tenant's registrations in worker order, from its first card. */
    RegisteredCards(String tenant, HamiSettings hami, DeviceFactory factory) {
        this.tenant = tenant;
        this.hami = hami;
        this.factory = factory;
    }

    static DeviceFactory factory(HamiSettings hami) {
        return new DeviceFactory(CardCatalog.builtIn(), new DeviceSettings(hami.deviceSplitCount(),
                hami.deviceMemoryScaling(), hami.deviceCoreScaling()));
    }

    /**
     * The next worker's cards as its device plugin would register them, before HAMi's own annotation is read.
     *
     * @throws IllegalArgumentException for an unknown card model or bad card values (names tenant and worker)
     */
    List<DeviceInfo> declared(WorkerSpec w) {
        var nc = hami.nodeConfig(w.name());
        List<DeviceInfo> devices;
        try {
            devices = nc.isPresent() ? NodeConfigs.devices(nc.get(), hami, w.cards(), nextCard)
                    : factory.devices(w.cards().stream().map(LabBuilder::declaration).toList(), nextCard);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("tenant " + tenant + ", worker " + w.name() + ": " + e.getMessage(), e);
        }
        // ids count the declared cards, also where a verbatim registration replaces them
        nextCard += devices.size();
        return devices;
    }

    /** A registered card: its id and the index HAMi knows it by on its node. */
    public record Card(String id, int index) { }

    /**
     * The cards each worker of {@code tenant} registers, by worker name in worker order.
     *
     * @throws IllegalArgumentException for an unknown card model or bad card values (names the worker), as building
     *                                  the lab would
     */
    public static Map<String, List<Card>> of(LabSpec lab, TenantSpec tenant) {
        HamiSettings hami = tenant.hamiOr(lab.hami());
        RegisteredCards cards = new RegisteredCards(tenant.name(), hami, factory(hami));
        Map<String, List<Card>> out = new LinkedHashMap<>();
        for (WorkerSpec w : tenant.workers()) {
            List<Card> registered = new ArrayList<>();
            RawRegistration.of(w.annotations(), cards.declared(w), !w.cards().isEmpty(), Instant.EPOCH,
                    new ArrayList<>()).devices()
                    .forEach(d -> registered.add(new Card(d.id(), d.index())));
            out.put(w.name(), List.copyOf(registered));
        }
        return out;
    }
}
