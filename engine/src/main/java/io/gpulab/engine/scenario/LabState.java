package io.gpulab.engine.scenario;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.LockView;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.TenantView;
import io.gpulab.scheduler.codec.Decoded;
import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.codec.NodeDevices;
import io.gpulab.scheduler.model.DeviceInfo;
import io.gpulab.scheduler.model.MigProfile;
import org.jspecify.annotations.Nullable;

import java.util.List;

/**
 * The {@code state} of the run document (docs/json-output.md): per tenant, its control plane and its nodes with lock
 * and cards; the management cluster's nodes and DataStores.
 */
@JsonPropertyOrder({"tenants", "management"})
public record LabState(List<Tenant> tenants,
                       @com.fasterxml.jackson.annotation.JsonInclude(
                               com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                       @Nullable Management management) {

    public LabState {
        tenants = List.copyOf(tenants);
    }

    /** Tenants only (a backend that reports no management cluster). */
    public LabState(List<Tenant> tenants) {
        this(tenants, null);
    }

    /** One tenant's control plane (null when the backend reports none) and nodes. */
    @JsonPropertyOrder({"name", "controlPlane", "nodes"})
    public record Tenant(String name,
                         @com.fasterxml.jackson.annotation.JsonInclude(
                                 com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                         @Nullable ControlPlane controlPlane, List<Node> nodes) {

        public Tenant(String name, List<Node> nodes) {
            this(name, null, nodes);
        }
    }

    /**
     * A TenantControlPlane as Kamaji reports it (docs/kamaji-model.md): {@code status} is
     * {@code status.kubernetesResources.version.status}, {@code apiError} what a client reads now ("" while it
     * answers), {@code pods} its Deployment's pods with their management node ("" while Pending); on a real backend
     * {@code apiObserved} says how {@code apiError} is known (omitted in the simulation).
     */
    @JsonPropertyOrder({"status", "version", "installedVersion", "replicas", "readyReplicas", "updatedReplicas",
        "dataStore", "schema", "apiError", "apiObserved", "writePermissions", "pods", "kubelets"})
    public record ControlPlane(String status, String version, String installedVersion, int replicas, int readyReplicas,
                               int updatedReplicas, String dataStore, String schema, String apiError,
                               @com.fasterxml.jackson.annotation.JsonInclude(
                                       com.fasterxml.jackson.annotation.JsonInclude.Include.NON_EMPTY)
                               String apiObserved,
                               String writePermissions, List<io.gpulab.engine.api.ControlPlaneView.TcpPodView> pods,
                               List<io.gpulab.engine.api.ControlPlaneView.KubeletView> kubelets) {

        public static ControlPlane of(io.gpulab.engine.api.ControlPlaneView cp) {
            return new ControlPlane(cp.phase(), cp.version(), cp.installedVersion(), cp.replicas(), cp.readyReplicas(),
                    cp.updatedReplicas(), cp.dataStore(), cp.dataStoreSchema(), cp.apiError(), cp.apiObserved(),
                    cp.writePermissions(), cp.pods(), cp.kubelets());
        }
    }

    /** The management cluster: its nodes with the pods they run, its DataStores with their members. */
    @JsonPropertyOrder({"nodes", "dataStores"})
    public record Management(List<io.gpulab.engine.api.ManagementView.NodeView> nodes,
                             List<io.gpulab.engine.api.ManagementView.DataStoreView> dataStores) {

        static @Nullable Management of(io.gpulab.engine.api.ManagementView m) {
            return m.nodes().isEmpty() && m.dataStores().isEmpty() ? null : new Management(m.nodes(), m.dataStores());
        }
    }

    /**
     * One node; {@code lock} is null when free.
     *
     * @param conditions   {@code status.conditions} (the simulation keeps Ready only); omitted when none is reported
     * @param taints       {@code spec.taints}; omitted when none
     * @param registration {@code hami.io/node-nvidia-register} as the device plugin wrote it and as HAMi decodes it
     */
    @JsonPropertyOrder({"name", "conditions", "taints", "lock", "cards", "registration"})
    public record Node(String name,
                       @JsonInclude(JsonInclude.Include.NON_EMPTY)
                       List<io.gpulab.engine.api.StatusCondition> conditions,
                       @JsonInclude(JsonInclude.Include.NON_EMPTY) List<io.gpulab.engine.api.NodeTaint> taints,
                       @Nullable Lock lock, List<Card> cards, Registration registration) {

        /** A node whose conditions and taints are not reported. */
        public Node(String name, @Nullable Lock lock, List<Card> cards, Registration registration) {
            this(name, List.of(), List.of(), lock, cards, registration);
        }
    }

    /**
     * The node's registration: {@code verbatim} the annotation's value ({@code null} when the node has none),
     * {@code devices} the cards HAMi's {@code GetNodeDevices} decodes from it, {@code error} HAMi's error when it
     * decodes none (the node is then {@code node unregistered}), else {@code null}.
     */
    @JsonPropertyOrder({"verbatim", "devices", "error"})
    public record Registration(@Nullable String verbatim, List<Device> devices, @Nullable String error) {

        public Registration {
            devices = List.copyOf(devices);
        }

        static Registration of(java.util.Map<String, String> annotations) {
            Decoded<List<DeviceInfo>> d = NodeDevices.of(annotations);
            return new Registration(annotations.get(HamiAnnotations.NODE_NVIDIA_REGISTER),
                    d.isOk() ? d.value().stream().map(Device::of).toList() : List.of(),
                    d.isOk() ? null : NodeDevices.text(d.error()));
        }
    }

    /**
     * One registered device, field by field as HAMi's {@code DeviceInfo} JSON names them; {@code migProfiles} only for
     * a card that registers some (a MIG card), as the device plugin leaves it out otherwise.
     */
    @JsonPropertyOrder({"id", "index", "count", "devmem", "devcore", "type", "numa", "mode", "health", "migProfiles"})
    public record Device(String id, int index, int count, int devmem, int devcore, String type, int numa, String mode,
                         boolean health, @JsonInclude(JsonInclude.Include.NON_EMPTY) List<MigProfile> migProfiles) {
        static Device of(DeviceInfo d) {
            return new Device(d.id(), d.index(), d.count(), d.devMem(), d.devCore(), d.type(), d.numa(), d.mode(),
                    d.health(), d.migProfiles());
        }
    }

    /** HAMi's node lock; times are ISO-8601 on the lab clock. */
    @JsonPropertyOrder({"held", "holder", "since", "expires"})
    public record Lock(boolean held, String holder, String since, String expires) {
        static @Nullable Lock of(@Nullable LockView l) {
            return l == null ? null : new Lock(l.held(), l.holder(), l.since().toString(), l.expires().toString());
        }
    }

    /** One card with its bookings, its NUMA node and its index on the node. */
    @JsonPropertyOrder({"id", "type", "memMB", "usedMemMB", "cores", "usedCores", "slots", "usedSlots", "health",
        "numa", "index"})
    public record Card(String id, String type, int memMB, int usedMemMB, int cores, int usedCores, int slots,
                       int usedSlots, boolean health, int numa, int index) {
        static Card of(CardView c) {
            return new Card(c.id(), c.type(), c.memMB(), c.usedMemMB(), c.cores(), c.usedCores(), c.slots(),
                    c.usedSlots(), c.health(), c.numa(), c.index());
        }
    }

    /** The state of a snapshot. */
    public static LabState of(LabSnapshot s) {
        return new LabState(s.tenants().stream().map(LabState::tenant).toList(), Management.of(s.management()));
    }

    private static Tenant tenant(TenantView t) {
        return new Tenant(t.name(), ControlPlane.of(t.controlPlane()), t.nodes().stream().map(LabState::node).toList());
    }

    static Node node(NodeView n) {
        return new Node(n.name(), n.conditions(), n.taints(), Lock.of(n.lock()),
                n.cards().stream().map(Card::of).toList(),
                Registration.of(n.annotations()));
    }
}
