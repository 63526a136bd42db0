package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.codec.PodDevicesCodec;
import io.gpulab.scheduler.filter.FilterContext;
import io.gpulab.scheduler.filter.FilterResult;
import io.gpulab.scheduler.filter.HamiEvent;
import io.gpulab.scheduler.filter.HamiFilter;
import io.gpulab.scheduler.model.DeviceInfo;
import io.gpulab.scheduler.model.DeviceUsage;
import io.gpulab.scheduler.model.NodeInfo;
import io.gpulab.scheduler.model.PodInfo;
import io.gpulab.scheduler.model.SchedulerConfig;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Test double of what a tenant cluster runs besides its API server: HAMi's webhook (sets
 * {@code schedulerName}), HAMi's scheduler extender (scheduler/'s filter on the registered cards),
 * the mock device plugin in {@code complete} mode (capacity from the registration, allocation done,
 * {@code bind-phase: success}) and the kubelet (bound pods Running). It lets the cluster backend be
 * driven end to end against fabric8's mock API server, which schedules nothing by itself.
 * Pods are handled one at a time in the order the watch delivers them, like HAMi's single filter loop.
 */
public final class MockHami implements AutoCloseable {

    private final KubernetesClient client;
    private final SchedulerConfig cfg;
    private final ExecutorService loop = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "mock-hami");
        t.setDaemon(true);
        return t;
    });
    private final AtomicInteger eventSeq = new AtomicInteger();
    private final Watch watch;
    private final List<String> failures = new java.util.concurrent.CopyOnWriteArrayList<>();

    private MockHami(KubernetesClient client, SchedulerConfig cfg) {
        this.client = client;
        this.cfg = cfg;
        client.nodes().list().getItems().forEach(this::registerCapacity);
        this.watch = client.pods().inAnyNamespace().watch(new Watcher<>() {
            @Override
            public void eventReceived(Action action, Pod pod) {
                if (action == Action.ADDED && pod.getSpec().getNodeName() == null) {
                    loop.execute(() -> {
                        try {
                            schedule(pod);
                        } catch (RuntimeException e) {
                            failures.add(pod.getMetadata().getName() + ": " + e);
                        }
                    });
                }
            }

            @Override
            public void onClose(WatcherException cause) {
                // the test is over, or the server restarted: nothing to hand over
            }
        });
    }

    /** Starts HAMi on a tenant whose nodes already carry the registration annotation and gpu capacity. */
    public static MockHami start(KubernetesClient tenant, SchedulerConfig cfg) {
        return new MockHami(tenant, cfg);
    }

    /** The mock device plugin's registration: gpumem, gpucores and gpumem-percentage from the annotation. */
    private void registerCapacity(Node n) {
        List<DeviceInfo> cards = NodeDecoder.registered(n).orElse(List.of());
        Map<String, Quantity> cap = n.getStatus() == null ? null : n.getStatus().getCapacity();
        if (cards.isEmpty() || cap == null || !cap.containsKey("nvidia.com/gpu")) {
            return;   // the real plugin registers nothing without nvidia.com/gpu (HAMi's device plugin)
        }
        client.nodes().withName(n.getMetadata().getName()).editStatus(node -> {
            Map<String, Quantity> c = new HashMap<>(node.getStatus().getCapacity());
            c.put("nvidia.com/gpumem", new Quantity("" + cards.stream().mapToInt(DeviceInfo::devMem).sum()));
            c.put("nvidia.com/gpucores", new Quantity("" + cards.stream().mapToInt(DeviceInfo::devCore).sum()));
            c.put("nvidia.com/gpumem-percentage", new Quantity("" + 100 * cards.size()));
            node.getStatus().setCapacity(c);
            node.getStatus().setAllocatable(c);
            return node;
        });
    }

    private void schedule(Pod created) {
        String ns = created.getMetadata().getNamespace();
        String name = created.getMetadata().getName();
        PodInfo info = PendingExplainer.podInfo(created);
        var ctx = FilterContext.of(info, cfg);
        if (!ctx.isOk() || !ctx.value().requestsAnyDevice()) {
            return;   // not HAMi's pod: the default scheduler would place it (not modelled here)
        }
        List<Node> nodes = client.nodes().list().getItems();
        List<Pod> pods = client.pods().inAnyNamespace().list().getItems();
        Map<String, List<DeviceUsage>> usage = TenantAssembler.usage(nodes, pods, ns + "/" + name, new HashMap<>());
        List<NodeInfo> infos = new ArrayList<>();
        nodes.forEach(n -> infos.add(new NodeInfo(n.getMetadata().getName(), NodeDecoder.annotations(n),
                usage.get(n.getMetadata().getName()))));
        // the webhook mutates at admission, before any scheduling
        client.pods().inNamespace(ns).withName(name).edit(p -> {
            p.getSpec().setSchedulerName("hami-scheduler");
            return p;
        });
        FilterResult result = HamiFilter.filter(info, infos, cfg);
        result.events().forEach(e -> event(ns, name, e));
        if (!result.status().isSuccess() || result.node() == null) {
            String kube = unschedulable(nodes.size(), result.failedNodes());
            event(ns, name, new HamiEvent("FailedScheduling", HamiEvent.WARNING, kube));
            client.pods().inNamespace(ns).withName(name).editStatus(p -> {
                p.setStatus(new io.fabric8.kubernetes.api.model.PodStatusBuilder().withPhase("Pending")
                        .addNewCondition().withType("PodScheduled").withStatus("False").withReason("Unschedulable")
                        .withMessage(kube).endCondition().build());
                return p;
            });
            return;
        }
        String devices = PodDevicesCodec.encode(result.devices());
        String node = result.node();
        client.pods().inNamespace(ns).withName(name).edit(p -> {
            p.getSpec().setNodeName(node);
            Map<String, String> ann = p.getMetadata().getAnnotations() == null ? new HashMap<>()
                    : new HashMap<>(p.getMetadata().getAnnotations());
            ann.put(HamiAnnotations.VGPU_NODE, node);
            ann.put(HamiAnnotations.VGPU_TIME, "" + Instant.now().getEpochSecond());
            ann.put(HamiAnnotations.DEVICES_TO_ALLOCATE, devices);
            ann.put(HamiAnnotations.DEVICES_ALLOCATED, devices);
            ann.put(HamiAnnotations.BIND_TIME, "" + Instant.now().getEpochSecond());
            ann.put(HamiAnnotations.BIND_PHASE, "success");
            p.getMetadata().setAnnotations(ann);
            return p;
        });
        event(ns, name, HamiEvent.bindingSucceed(node, ns, name));
        client.pods().inNamespace(ns).withName(name).editStatus(p -> {
            // as a kubelet reports a started pod: Running and Ready=True since now
            p.setStatus(new io.fabric8.kubernetes.api.model.PodStatusBuilder().withPhase("Running")
                    .addNewCondition().withType("Ready").withStatus("True")
                    .withLastTransitionTime(Instant.now().toString()).endCondition().build());
            return p;
        });
    }

    /** kube-scheduler's FitError text for HAMi's per-node reasons (one reason per node, sorted). */
    private static String unschedulable(int nodeCount, Map<String, String> failedNodes) {
        Map<String, Integer> counts = new java.util.TreeMap<>();
        failedNodes.values().forEach(r -> counts.merge(r, 1, Integer::sum));
        List<String> items = new ArrayList<>();
        counts.forEach((r, c) -> items.add(c + " " + r));
        java.util.Collections.sort(items);
        return "0/" + nodeCount + " nodes are available: " + String.join(", ", items) + ".";
    }

    private void event(String ns, String pod, HamiEvent e) {
        client.v1().events().inNamespace(ns).resource(new EventBuilder().withNewMetadata()
                .withName(pod + "." + eventSeq.incrementAndGet()).withNamespace(ns).endMetadata()
                .withNewInvolvedObject().withKind("Pod").withNamespace(ns).withName(pod).endInvolvedObject()
                .withType(e.type()).withReason(e.reason()).withMessage(e.message()).withCount(1)
                .withLastTimestamp(Instant.now().toString()).withNewSource().withComponent("hami-scheduler")
                .endSource().build()).create();
    }

    /** What went wrong inside the double itself (a test asserts this is empty). */
    public List<String> failures() {
        return List.copyOf(failures);
    }

    @Override
    public void close() {
        watch.close();
        loop.shutdownNow();
    }
}
