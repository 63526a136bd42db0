package io.gpulab.engine.sim;

import io.gpulab.engine.api.ControlPlaneView;
import io.gpulab.engine.api.ManagementView;
import io.gpulab.engine.lab.CardSpec;
import io.gpulab.engine.lab.HamiSettings;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.lab.TenantSpec;
import io.gpulab.engine.lab.WorkerSpec;
import io.gpulab.mockgpu.plugin.CardDeclaration;
import io.gpulab.mockgpu.plugin.DeviceFactory;
import io.gpulab.mockgpu.plugin.Registration;
import io.gpulab.scheduler.model.DeviceInfo;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Builds the lab of a {@link LabSpec}: the management cluster (Kamaji, the shared {@code kamaji-etcd}
 * DataStore, MetalLB), one TenantControlPlane per tenant taken through Kamaji's phases, and each worker
 * joined with its device plugin registered.
 */
final class LabBuilder {

    static final String MANAGEMENT = "kamaji";
    static final String DATASTORE = "kamaji-etcd";
    static final String METALLB_POOL = "172.18.255.200-172.18.255.250";
    static final String TCP_NAMESPACE = "default";
    static final String KUBERNETES_VERSION = "v1.35.0";

    private LabBuilder() {
    }

    static ManagementView management() {
        return new ManagementView(MANAGEMENT, true, DATASTORE, "etcd", METALLB_POOL, List.of());
    }

    /** @throws IllegalArgumentException for an unknown card model or bad card values (names the worker) */
    static List<SimTenant> build(LabSpec spec, SimLab lab) {
        DeviceFactory factory = RegisteredCards.factory(spec.hami());
        List<SimTenant> out = new ArrayList<>();
        int i = 0;
        for (TenantSpec ts : spec.tenants()) {
            HamiSettings hami = ts.hamiOr(spec.hami());
            SimTenant t = new SimTenant(ts.name(), controlPlane(ts.name(), i), hami.webhookFailurePolicy());
            t.hami = hami;
            t.cfg = hami.toSchedulerConfig();
            RegisteredCards cards = new RegisteredCards(ts.name(), hami, hami == spec.hami() ? factory
                    : RegisteredCards.factory(hami));
            String tcp = "TenantControlPlane/" + TCP_NAMESPACE + "/" + ts.name();
            for (String phase : List.of("Provisioning", "NotReady", "Ready")) {
                lab.event("", tcp, EventLog.NORMAL, phase, "TenantControlPlane " + ts.name() + " is " + phase
                        + ("Ready".equals(phase) ? " at " + t.controlPlane.endpoint() + ", datastore "
                        + DATASTORE + " prefix /" + t.controlPlane.dataStoreSchema() + "/" : ""), "kamaji");
            }
            for (WorkerSpec w : ts.workers()) {
                List<DeviceInfo> devices = cards.declared(w);
                List<String> notes = new ArrayList<>();
                Registration reg = RawRegistration.of(w.annotations(), devices, !w.cards().isEmpty(), lab.now(),
                        notes);
                SimNode node = new SimNode(w.name(), w.cpu(), w.memoryMiB(), w.annotations(), reg,
                        reg.devices() == devices ? baseline(w.cards(), devices.size())
                                : new int[reg.devices().size()][3]);
                node.notes.addAll(notes);
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
        return out;
    }

    private static ControlPlaneView controlPlane(String name, int index) {
        String uid = UUID.nameUUIDFromBytes(("tenantcontrolplane/" + TCP_NAMESPACE + "/" + name)
                .getBytes(StandardCharsets.UTF_8)).toString();
        List<ControlPlaneView.ComponentView> comps = List.of(new ControlPlaneView.ComponentView("kube-apiserver", true),
                new ControlPlaneView.ComponentView("kube-scheduler", true),
                new ControlPlaneView.ComponentView("kube-controller-manager", true),
                new ControlPlaneView.ComponentView("konnectivity-server", true));
        return new ControlPlaneView(name, TCP_NAMESPACE, "Ready", KUBERNETES_VERSION,
                "172.18.255." + (200 + index % 51) + ":6443", comps, uid);
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
