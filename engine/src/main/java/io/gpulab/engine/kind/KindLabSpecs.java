package io.gpulab.engine.kind;

import io.gpulab.engine.lab.CardSpec;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.lab.TenantSpec;
import io.gpulab.engine.lab.WorkerSpec;
import io.gpulab.mockgpu.catalog.CardCatalog;
import io.gpulab.mockgpu.plugin.CardDeclaration;
import io.gpulab.mockgpu.plugin.DeviceFactory;
import io.gpulab.mockgpu.plugin.DeviceSettings;
import io.gpulab.scheduler.codec.NodeRegistrationCodec;
import io.gpulab.scheduler.model.DeviceInfo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A scenario's lab as the kind lab to build: the same cards the sim registers, as node annotations. */
public final class KindLabSpecs {

    private KindLabSpecs() {
    }

    /**
     * The lab built for a scenario: named {@code gpulab-<scenario>}, which is the value of its
     * {@link KindLabels#LAB} label, its network's name, its containers' prefix and its kubeconfig's file
     * name ({@link KindBackendFactory#defaultKubeconfig}), the same for {@code up}, {@code verify} and
     * {@code down}.
     */
    public static KindLabConfig forScenario(LabSpec spec) {
        String lab = labName(spec.name());
        return from(spec, lab, KindBackendFactory.defaultKubeconfig(lab));
    }

    /** {@code gpulab-<scenario>} as a DNS label (lower case, digits, '-'; at most 40 characters). */
    public static String labName(String scenario) {
        String s = scenario.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9-]+", "-")
                .replaceAll("-+", "-").replaceAll("^-|-$", "");
        String name = "gpulab" + (s.isEmpty() ? "" : "-" + s);
        return name.length() <= 40 ? name : name.substring(0, 40).replaceAll("-$", "");
    }

    /** @throws IllegalArgumentException for an unknown card model (naming tenant and worker) */
    public static KindLabConfig from(LabSpec spec, String labName, Path kubeconfigOut) {
        DeviceFactory factory = new DeviceFactory(CardCatalog.builtIn(), new DeviceSettings(
                spec.hami().deviceSplitCount(), spec.hami().deviceMemoryScaling(), spec.hami().deviceCoreScaling()));
        List<KindLabConfig.Tenant> tenants = new ArrayList<>();
        for (TenantSpec t : spec.tenants()) {
            List<KindLabConfig.Worker> workers = new ArrayList<>();
            int next = 0;
            for (WorkerSpec w : t.workers()) {
                List<DeviceInfo> devices;
                try {
                    devices = factory.devices(w.cards().stream().map(KindLabSpecs::declaration).toList(), next);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("tenant " + t.name() + ", worker " + w.name() + ": "
                            + e.getMessage(), e);
                }
                next += devices.size();
                int slots = devices.stream().mapToInt(DeviceInfo::count).sum();
                workers.add(new KindLabConfig.Worker(w.name(), NodeRegistrationCodec.encodeJson(devices), slots));
            }
            tenants.add(new KindLabConfig.Tenant(t.name(), workers, controlPlane(spec, t)));
        }
        return new KindLabConfig(labName, 36443, tenants, kubeconfigOut);
    }

    /**
     * The tenant's control plane, if the kind lab can build it: the lab installs Kamaji's chart with its one
     * DataStore, {@code default} (kamaji-etcd), so a TCP must use that one.
     *
     * @throws IllegalArgumentException naming the tenant and the DataStore otherwise
     */
    static io.gpulab.engine.lab.ControlPlaneSpec controlPlane(LabSpec spec, TenantSpec t) {
        io.gpulab.engine.lab.ControlPlaneSpec cp = t.controlPlane();
        io.gpulab.engine.lab.DataStoreSpec ds = spec.management().dataStoreOf(cp);
        if (!io.gpulab.engine.lab.DataStoreSpec.DEFAULT_NAME.equals(ds.name())
                || !io.gpulab.engine.lab.DataStoreSpec.ETCD.equals(ds.driver())) {
            throw new IllegalArgumentException("tenant " + t.name() + ": its control plane uses the DataStore "
                    + ds.name() + " (" + ds.driver() + "), but the kind lab builds only Kamaji's default DataStore "
                    + "'default' (kamaji-etcd); use the kind lab with spec.dataStore: default");
        }
        return cp;
    }

    private static CardDeclaration declaration(CardSpec c) {
        return new CardDeclaration(c.model(), c.count(), c.type(), c.memoryMB(), c.cores(), c.slots(), c.numa(),
                c.uuid(), c.health(), c.mode());
    }
}
