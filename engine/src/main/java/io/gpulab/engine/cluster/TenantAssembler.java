package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.gpulab.engine.api.ControlPlaneView;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.api.TunnelView;
import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.codec.MigAllocations;
import io.gpulab.scheduler.model.ContainerDevice;
import io.gpulab.scheduler.model.DeviceInfo;
import io.gpulab.scheduler.model.DeviceUsage;
import io.gpulab.scheduler.model.MigPlacement;
import io.gpulab.scheduler.model.PodDevices;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Builds one tenant's view from what its informers hold: the same shape the sim produces, with card
 * usage rebuilt from the pods' allocation annotations the way HAMi's scheduler cache does (HAMi v2.10
 * pkg/scheduler/scheduler.go: per card UUID, init containers count as a maximum and app containers as a sum).
 */
final class TenantAssembler {

    /** {@code "<k> nodes <ReasonType>(<node,node>)"} from HAMi's FilteringFailed events (hami.md 3.8). */
    private static final Pattern FAILED = Pattern.compile("(\\d+) nodes (\\w+)\\(([^)]*)\\)");

    private TenantAssembler() {
    }

    static TenantView assemble(String tenant, ControlPlaneView cp, List<Node> nodes, List<Pod> pods,
                               List<Event> events, Duration lockExpire, String webhookFailurePolicy) {
        Map<String, Map<String, List<String>>> podsByCard = new HashMap<>();
        Map<String, List<DeviceUsage>> usage = usage(nodes, pods, "", podsByCard);
        List<NodeView> nodeViews = new ArrayList<>();
        for (Node n : nodes) {
            String name = n.getMetadata().getName();
            nodeViews.add(NodeDecoder.view(n, usage.get(name), podsByCard.getOrDefault(name, Map.of()), lockExpire));
        }
        List<PodView> podViews = new ArrayList<>();
        for (Pod p : pods) {
            List<Event> mine = events.stream().filter(e -> isAbout(e, p)).sorted(EVENT_ORDER).toList();
            Map<String, String> failed = new LinkedHashMap<>();
            String filterMessage = "";
            for (Event e : mine) {
                if ("FilteringFailed".equals(e.getReason())) {
                    filterMessage = String.valueOf(e.getMessage());
                    Matcher m = FAILED.matcher(filterMessage);
                    while (m.find()) {
                        for (String node : m.group(3).split(",")) {
                            failed.put(node.trim(), m.group(1) + "/" + nodes.size() + " " + m.group(2));
                        }
                    }
                } else if ("FilteringSucceed".equals(e.getReason()) || "Scheduled".equals(e.getReason())) {
                    failed.clear();
                    filterMessage = "";
                }
            }
            podViews.add(PodDecoder.view(p, failed, filterMessage));
        }
        boolean agents = pods.stream().anyMatch(p -> p.getMetadata().getName().startsWith("konnectivity-agent")
                && p.getStatus() != null && "Running".equals(p.getStatus().getPhase()));
        // the tunnel is only observable indirectly on a real cluster: agents running in kube-system
        TunnelView tunnel = new TunnelView(agents, agents, agents ? "" : "no konnectivity-agent pod is Running");
        return new TenantView(tenant, cp, tunnel, webhookFailurePolicy, nodeViews, podViews);
    }

    /**
     * Per node, its registered cards with the usage of every live HAMi-allocated pod except
     * {@code excludePod} (a pod being re-filtered never counts its own old reservation).
     */
    static Map<String, List<DeviceUsage>> usage(List<Node> nodes, List<Pod> pods, String excludePod,
                                                Map<String, Map<String, List<String>>> podsByCard) {
        Map<String, List<DeviceUsage>> usage = new LinkedHashMap<>();
        for (Node n : nodes) {
            usage.put(n.getMetadata().getName(), new ArrayList<>(
                    NodeDecoder.registered(n).orElse(List.of()).stream().map(DeviceUsage::idle).toList()));
        }
        for (Pod p : pods) {
            String phase = p.getStatus() == null ? "" : String.valueOf(p.getStatus().getPhase());
            String node = PodDecoder.annotations(p).get(HamiAnnotations.VGPU_NODE);
            if (node == null || "Succeeded".equals(phase) || "Failed".equals(phase) || !usage.containsKey(node)
                    || podKey(p).equals(excludePod)) {
                continue;
            }
            PodDevices devices = PodDecoder.allocated(p).orElse(PodDevices.empty());
            book(usage.get(node), devices, PodDecoder.initCount(p), podKey(p),
                    podsByCard.computeIfAbsent(node, k -> new HashMap<>()));
            bookMig(usage.get(node), PodDecoder.annotations(p).get(MigAllocations.ANNOTATION));
        }
        return usage;
    }

    static final Comparator<Event> EVENT_ORDER = Comparator.comparing(EventLog::timeOf)
            .thenComparing(e -> String.valueOf(e.getMetadata().getResourceVersion()));

    private static void book(List<DeviceUsage> cards, PodDevices devices, int initCount, String pod,
                             Map<String, List<String>> podsByCard) {
        Map<String, int[]> perCard = new LinkedHashMap<>();   // uuid -> {initMem, initCores, appMem, appCores, apps}
        for (int i = 0; i < devices.containers().size(); i++) {
            for (ContainerDevice d : devices.containers().get(i)) {
                int[] acc = perCard.computeIfAbsent(d.uuid(), k -> new int[5]);
                if (i < initCount) {
                    acc[0] = Math.max(acc[0], d.usedMem());
                    acc[1] = Math.max(acc[1], d.usedCores());
                } else {
                    acc[2] += d.usedMem();
                    acc[3] += d.usedCores();
                    acc[4]++;
                }
            }
        }
        for (var e : perCard.entrySet()) {
            int[] a = e.getValue();
            for (int i = 0; i < cards.size(); i++) {
                DeviceInfo info = cards.get(i).info();
                if (info.id().equals(e.getKey())) {   // unknown UUIDs are ignored, as HAMi does
                    cards.set(i, cards.get(i).plus(Math.max(a[4], 1), Math.max(a[0], a[2]), Math.max(a[1], a[3])));
                    podsByCard.computeIfAbsent(info.id(), k -> new ArrayList<>()).add(pod);
                }
            }
        }
    }

    /**
     * The MIG instances the pod's reservation annotation holds on this node's MIG cards, as HAMi's usage cache
     * restores them; an annotation HAMi's decoder refuses counts as none, and reservations naming a card that is
     * not a MIG card of the node are ignored (HAMi marks cards unhealthy then), as in the sim.
     */
    private static void bookMig(List<DeviceUsage> cards, @Nullable String raw) {
        if (raw == null) {
            return;
        }
        Map<String, List<MigPlacement>> byCard = new LinkedHashMap<>();
        try {
            MigAllocations.decode(raw).forEach(e -> byCard.computeIfAbsent(e.gpuUuid(), k -> new ArrayList<>())
                    .add(e.placement()));
        } catch (IllegalArgumentException e) {
            return;
        }
        for (int i = 0; i < cards.size(); i++) {
            DeviceUsage c = cards.get(i);
            List<MigPlacement> mine = byCard.get(c.info().id());
            if (mine != null && c.info().isMig()) {
                List<MigPlacement> inUse = new ArrayList<>(c.migInUse());
                inUse.addAll(mine);
                cards.set(i, new DeviceUsage(c.info(), c.usedSlots(), c.usedMem(), c.usedCores(), inUse));
            }
        }
    }

    private static boolean isAbout(Event e, Pod p) {
        var o = e.getInvolvedObject();
        return o != null && "Pod".equals(o.getKind()) && p.getMetadata().getName().equals(o.getName())
                && String.valueOf(p.getMetadata().getNamespace()).equals(String.valueOf(o.getNamespace()));
    }

    static String podKey(Pod p) {
        return p.getMetadata().getNamespace() + "/" + p.getMetadata().getName();
    }
}
