package io.gpulab.engine.sim;

import io.gpulab.engine.lab.CardSpec;
import io.gpulab.engine.lab.HamiSettings;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.lab.TenantSpec;
import io.gpulab.engine.lab.WorkerSpec;
import io.gpulab.mockgpu.plugin.CardDeclaration;
import io.gpulab.mockgpu.plugin.DeviceFactory;
import io.gpulab.mockgpu.plugin.Registration;
import io.gpulab.scheduler.model.DeviceInfo;

import java.util.ArrayList;
import java.util.List;

/**
 * Builds the lab of a {@link LabSpec}: one TenantControlPlane per tenant in the management cluster
 * ({@link SimManagement}, taken through Kamaji's phases), and each worker joined with its device plugin registered.
 */
final class LabBuilder {

    private LabBuilder() {
    }

    /** @throws IllegalArgumentException for an unknown card model or bad card values (names the worker) */
    static List<SimTenant> build(LabSpec spec, SimLab lab) {
        DeviceFactory factory = RegisteredCards.factory(spec.hami());
        List<SimTenant> out = new ArrayList<>();
        int i = 0;
        for (TenantSpec ts : spec.tenants()) {
            HamiSettings hami = ts.hamiOr(spec.hami());
            SimTenant t = new SimTenant(lab, ts.name(), lab.management().add(ts, i), hami.webhookFailurePolicy());
            t.hami = hami;
            t.cfg = hami.toSchedulerConfig();
            RegisteredCards cards = new RegisteredCards(ts.name(), hami, hami == spec.hami() ? factory
                    : RegisteredCards.factory(hami));
            for (WorkerSpec w : ts.workers()) {
                List<DeviceInfo> devices = cards.declared(w);
                List<String> notes = new ArrayList<>();
                Registration reg = RawRegistration.of(w.annotations(), devices, !w.cards().isEmpty(), lab.now(),
                        notes);
                SimNode node = new SimNode(w.name(), w.cpu(), w.memoryMiB(), w.annotations(), reg,
                        reg.devices() == devices ? baseline(w.cards(), devices.size())
                                : new int[reg.devices().size()][3]);
                node.notes.addAll(notes);
                node.readySince = lab.now();
                t.addNode(node);
                devices = reg.devices();
                for (DeviceInfo d : devices) {
                    if (t.cardNode.putIfAbsent(d.id(), node) != null) {
                        throw new IllegalArgumentException("tenant " + ts.name() + ", worker " + w.name()
                                + ": card id " + d.id() + " is used twice in the tenant");
                    }
                }
                lab.event(ts.name(), "Node/" + w.name(), EventLog.NORMAL, "RegisteredNode", "Node " + w.name()
                        + " event: Registered Node " + w.name() + " in Controller", "node-controller");
            }
            t.quotas = ts.quotas();
            t.quotaNames = hami.resourceNames();
            t.quotaFactor = hami.memoryFactor();
            ExistingPods.add(lab, t, ts);
            out.add(t);
            i++;
        }
        lab.management().bootstrap();
        return out;
    }

    static CardDeclaration declaration(CardSpec c) {
        return new CardDeclaration(c.model(), c.count(), c.type(), c.memoryMB(), c.cores(), c.slots(), c.numa(),
                c.uuid(), c.health(), c.mode());
    }

    /** Usage a card states from elsewhere, per card in index order: {slots, MB, cores}. */
    private static int[][] baseline(List<CardSpec> cards, int total) {
        int[][] out = new int[total][3];
        int k = 0;
        for (CardSpec c : cards) {
            for (int i = 0; i < c.count(); i++) {
                if (c.used() != null) {
                    out[k] = new int[] {c.used().slots(), c.used().memMB(), c.used().cores()};
                }
                k++;
            }
        }
        return out;
    }
}
