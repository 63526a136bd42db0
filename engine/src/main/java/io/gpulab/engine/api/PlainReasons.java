package io.gpulab.engine.api;

import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.filter.Reasons;
import io.gpulab.scheduler.model.ContainerDeviceRequest;
import io.gpulab.scheduler.model.DeviceInfo;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * Reasons in words: why a pending or refused pod does not run, in one sentence built from the lab's numbers (the
 * pod's request, the cards the lab registers, HAMi's per-node reasons), what would fix it, and its docs/reasons.md
 * entry. The sentence says whether freeing capacity can help ("whatever is freed" when no card of the lab could ever
 * hold the request). HAMi's reason code and raw message stay as HAMi writes them; this stands beside them.
 */
public final class PlainReasons {

    private PlainReasons() {
    }

    /**
     * The lab's cards as HAMi registers them, summed once per registration change, and the lab as it is now (cards'
     * usage, node locks, other pods, the clock), read only for the workers and pods a sentence names.
     *
     * @param types the distinct registered type strings, sorted
     * @param now   the lab now; {@link LabNow#UNKNOWN} leaves the figures it would give out of the sentences
     */
    public record Lab(int nodes, int cards, int healthyCards, int largestMemMB, int largestCores, int largestSlots,
                      int maxCardsPerNode, List<String> types, Set<String> cardIds, LabNow now) {

        public Lab {
            types = List.copyOf(types);
            cardIds = Set.copyOf(cardIds);
        }

        /** The same registrations, read with the lab as it is now. */
        public Lab with(LabNow labNow) {
            return new Lab(nodes, cards, healthyCards, largestMemMB, largestCores, largestSlots, maxCardsPerNode, types,
                    cardIds, labNow);
        }

        /** From each node's registered cards. */
        public static Lab of(Collection<? extends List<DeviceInfo>> perNode) {
            int cards = 0;
            int healthy = 0;
            int mem = 0;
            int cores = 0;
            int slots = 0;
            int perNodeMax = 0;
            TreeSet<String> types = new TreeSet<>();
            Set<String> ids = new java.util.HashSet<>();
            for (List<DeviceInfo> node : perNode) {
                perNodeMax = Math.max(perNodeMax, node.size());
                for (DeviceInfo d : node) {
                    cards++;
                    healthy += d.health() ? 1 : 0;
                    mem = Math.max(mem, d.devMem());
                    cores = Math.max(cores, d.devCore());
                    slots = Math.max(slots, d.count());
                    types.add(d.type());
                    ids.add(d.id());
                }
            }
            return new Lab(perNode.size(), cards, healthy, mem, cores, slots, perNodeMax, List.copyOf(types), ids,
                    LabNow.UNKNOWN);
        }

        /** From a snapshot's nodes. */
        public static Lab ofViews(List<NodeView> nodes) {
            List<List<DeviceInfo>> perNode = new ArrayList<>();
            for (NodeView n : nodes) {
                List<DeviceInfo> cards = new ArrayList<>();
                n.cards().forEach(c -> cards.add(new DeviceInfo(c.id(), c.index(), c.slots(), c.memMB(), c.cores(),
                        c.type(), c.numa(), c.mode(), c.health())));
                perNode.add(cards);
            }
            return of(perNode);
        }
    }

    /**
     * What is known of the pod.
     *
     * @param requests    HAMi's request per container (init first), empty when not known
     * @param typeAllowed whether the pod's type selectors let a card type through, or null when not known
     */
    public record Pod(String phase, String reason, String message, Map<String, String> failedNodes,
                      List<ContainerDeviceRequest> requests, Map<String, String> annotations, String namespace,
                      @Nullable Predicate<String> typeAllowed, @Nullable QuotaAsk quota) {

        /** A pod whose namespace's GPU quota is not known. */
        public Pod(String phase, String reason, String message, Map<String, String> failedNodes,
                   List<ContainerDeviceRequest> requests, Map<String, String> annotations, String namespace,
                   @Nullable Predicate<String> typeAllowed) {
            this(phase, reason, message, failedNodes, requests, annotations, namespace, typeAllowed, null);
        }
    }

    /** The pod's reason in words, or empty for a pod that runs (or carries no reason at all). */
    public static Optional<PlainReason> of(Pod pod, Lab lab) {
        if (pod.reason().isEmpty() && pod.message().isEmpty()) {
            return Optional.empty();
        }
        FailedNodesTally t = FailedNodesTally.of(pod.failedNodes());
        CardAsk ask = CardAsk.of(pod.requests());
        String code = pod.reason();
        String[] tf = switch (code) {
            case Reasons.CARD_INSUFFICIENT_MEMORY -> memory(pod, ask, lab, t);
            case Reasons.CARD_INSUFFICIENT_CORE -> cores(pod, ask, lab, t);
            case Reasons.CARD_TIME_SLICING_EXHAUSTED -> new String[] {t.cards(code, lab, "has", "have")
                    + " no free sharing slot (at most " + num(lab.largestSlots()) + " pods share a card: "
                    + "deviceSplitCount): it runs once a pod on " + t.them(code) + " ends",
                        "raise deviceSplitCount, delete a pod sharing " + t.those(code) + ", or add a card"};
            case Reasons.CARD_COMPUTE_UNITS_EXHAUSTED -> new String[] {"asks no share of compute (gpucores 0), and "
                    + t.cards(code, lab, "has", "have") + " all its compute booked", "give the container gpucores, "
                    + "delete a pod on " + t.those(code) + ", or add a card"};
            case Reasons.EXCLUSIVE_DEVICE_ALLOCATE_CONFLICT -> exclusive(pod, lab, t);
            case Reasons.CARD_NOT_HEALTH -> new String[] {t.cards(code, lab, "is", "are") + " unhealthy (the "
                    + "device plugin reports so)",
                        "repair or replace those cards; in the lab, clear the card's health fault"};
            case Reasons.CARD_CORDONED -> new String[] {t.cards(code, lab, "is", "are") + " listed in its "
                    + "node's " + HamiAnnotations.DEVICE_CORDON, "remove their UUIDs from "
                            + HamiAnnotations.DEVICE_CORDON};
            case Reasons.CARD_TYPE_MISMATCH -> type(pod, lab, t);
            case Reasons.CARD_UUID_MISMATCH -> uuid(pod, lab, t);
            case Reasons.NUMA_NOT_FIT -> new String[] {"asks " + ask.cards() + " on one NUMA node "
                    + "(nvidia.com/numa-bind); no worker has that many fitting cards on one NUMA node now",
                "drop nvidia.com/numa-bind, ask for fewer cards, or free cards on one NUMA node"};
            case Reasons.RESOURCE_QUOTA_NOT_FIT -> orElse(QuotaWords.of(pod.quota(), false, percentMB(ask, lab),
                    ask.pct()),
                    "the GPU ResourceQuota of namespace " + pod.namespace() + " (limits on GPU memory or cores) would "
                    + "be exceeded by this pod", "raise the quota, lower the request, or delete pods of "
                    + pod.namespace());
            case Reasons.CARD_MIG_TOPOLOGY_INFEASIBLE -> new String[] {"asks " + ask.memory() + "; "
                    + t.cards(code, lab, "is a MIG card", "are MIG cards") + " with no free slice that holds it",
                "ask for less memory, or free a MIG slice on one of those cards"};
            case Reasons.NODE_INSUFFICIENT_DEVICE -> devices(ask, lab, t);
            case Reasons.ALLOCATED_CARDS_INSUFFICIENT_REQUEST -> new String[] {"asks " + ask.cards() + " in one "
                    + "container; some cards fit, but on no worker that many at once now", "free cards on one "
                    + "worker, ask for fewer cards, or add cards"};
            case Reasons.NODE_UNREGISTERED -> unregistered(lab, t);
            case "BindingFailed" -> pod.message().startsWith("failed to set node lock") ? new String[] {"HAMi chose a "
                    + "worker but could not bind: " + pod.message(), "nothing to do: kube-scheduler retries the pod"}
                    : orElse(LockWords.of(pod, lab.now()), "HAMi chose a worker but could not bind: " + pod.message(),
                    "wait until the lock's holder finishes Allocate or the lock expires, or remove the lock by hand "
                    + "(Unlock node)");
            case "Allocating" -> new String[] {"bound by HAMi, waiting for the device plugin to finish Allocate "
                    + "(hami.io/bind-phase: allocating)", "check the device plugin on the node"};
            case "UnexpectedAdmissionError" -> new String[] {"the device plugin's Allocate failed, so the kubelet "
                    + "did not start it: " + pod.message(), "restart the device plugin and submit the pod again"};
            case "SchedulerError" -> new String[] {"HAMi's filter stopped before looking at any card: "
                    + pod.message(), "correct the annotation the message names"};
            case "Insufficient cpu", "Insufficient memory", "Too many pods" -> kube(code, lab, t);
            case ReasonCodes.UNREACHABLE -> new String[] {t.nodes(code, "is", "are") + " tainted "
                    + "node.kubernetes.io/unreachable: the kubelet stopped posting status and kube-controller-manager "
                    + "marked the node Ready=Unknown (kube-scheduler's own filter, before HAMi)",
                ReasonCodes.find(code).map(ReasonCodes.Reason::fix).orElse("add workers")};
            case "Unschedulable" -> new String[] {"kube-scheduler found no worker for it: " + pod.message(),
                "read the per-node reasons and fix the most common one"};
            case "InternalError", "Forbidden", "Invalid" -> refused(pod);
            case "AlreadyExists" -> new String[] {"a pod of this name already exists in the tenant: nothing was "
                    + "created", "delete the existing pod first, or choose another name"};
            case "" -> new String[] {"it waits: " + pod.message(), pod.message().startsWith("no scheduler named")
                    ? "set spec.schedulerName to a scheduler the tenant runs (hami-scheduler or default-scheduler)"
                    : "correct spec.nodeName, or leave it out so a scheduler places the pod"};
            default -> generic(code, pod.message());
        };
        String doc = ReasonCodes.find(code).isPresent() ? PlainReason.doc(code) : "docs/reasons.md";
        return Optional.of(new PlainReason(tf[0], tf[1], doc));
    }

    private static String[] memory(Pod pod, CardAsk ask, Lab lab, FailedNodesTally t) {
        String code = Reasons.CARD_INSUFFICIENT_MEMORY;
        if (ask.memMB() > lab.largestMemMB() && lab.cards() > 0) {
            return new String[] {"asks " + num(ask.memMB()) + " MB of one card; the largest card here has "
                    + num(lab.largestMemMB()) + " MB: it fits no card of this lab, whatever is freed",
                "ask for at most " + num(lab.largestMemMB()) + " MB (nvidia.com/gpumem), or add a worker with cards "
                    + "of at least " + num(ask.memMB()) + " MB"};
        }
        // the figure: the card short of it with the most left (a percentage resolves per card, as HAMi's Fit does)
        CardsLeft left = !ask.known() || ask.memMB() == 0 && ask.pct() == 0 ? null : CardsLeft.of(pod,
                code, lab.now(), c -> ask.memMB() > 0 ? ask.memMB() : (int) ((long) c.memMB() * ask.pct() / 100),
                c -> c.memMB() - c.usedMemMB());
        String figure = left == null ? "" : (t.cards().getOrDefault(code, 0) == 1 ? num(left.left()) + " MB left on "
                + left.where() : "the most left on one of them: " + num(left.left()) + " MB, on " + left.where()) + "; ";
        return new String[] {"asks " + ask.memory() + " of one card; " + t.cards(code, lab, "has", "have")
                + " less than that free now (" + figure + "the largest card here has " + num(lab.largestMemMB())
                + " MB): it runs once pods on " + t.them(code) + " end",
                    "delete or shrink a pod on " + t.those(code) + ", " + (left != null && ask.memMB() > 0
                    && left.left() > 0 ? "ask for at most " + num(left.left()) + " MB" : "ask for less memory")
                    + ", or add a card"};
    }

    private static String[] cores(Pod pod, CardAsk ask, Lab lab, FailedNodesTally t) {
        if (ask.cores() > lab.largestCores() && lab.cards() > 0) {
            return new String[] {"asks " + ask.cores() + " % of a card's compute; a card here has at most "
                    + lab.largestCores() + ": it fits no card of this lab, whatever is freed",
                "ask for at most " + lab.largestCores() + " gpucores"};
        }
        String code = Reasons.CARD_INSUFFICIENT_CORE;
        CardsLeft left = !ask.known() ? null : CardsLeft.of(pod, code, lab.now(), c -> ask.cores(),
                c -> c.cores() - c.usedCores());
        String figure = left == null ? "" : " (" + (t.cards().getOrDefault(code, 0) == 1 ? left.left() + " % left on "
                + left.where() : "the most left on one of them: " + left.left() + " %, on " + left.where()) + ")";
        return new String[] {"asks " + ask.coreShare() + " of a card's compute; "
                + t.cards(code, lab, "has", "have") + " less than that left now" + figure + ": it runs "
                + "once pods on " + t.them(code) + " end",
                (left != null && left.left() > 0 ? "ask for at most " + left.left() + " gpucores"
                        : "ask for fewer gpucores") + ", delete a pod on " + t.those(code) + ", or add a card"};
    }

    private static String[] exclusive(Pod pod, Lab lab, FailedNodesTally t) {
        String policy = pod.annotations().getOrDefault(HamiAnnotations.GPU_SCHEDULER_POLICY, "");
        String why = policy.contains("mutex") ? "asks for idle cards only (the mutex policy)"
                : "asks for a whole card to itself (gpucores 100: on the pod, or added by HAMi's webhook to a request "
                + "without a memory size)";
        return new String[] {why + "; " + t.cards(Reasons.EXCLUSIVE_DEVICE_ALLOCATE_CONFLICT, lab, "already holds",
                "already hold") + " a pod: it runs once " + t.them(Reasons.EXCLUSIVE_DEVICE_ALLOCATE_CONFLICT)
                + " is empty", "ask for gpucores below 100 (and a memory size) to share "
                + "a card, wait for a card to empty, or add a card"};
    }

    private static String[] type(Pod pod, Lab lab, FailedNodesTally t) {
        String use = pod.annotations().get(HamiAnnotations.USE_GPU_TYPE);
        String nouse = pod.annotations().get(HamiAnnotations.NOUSE_GPU_TYPE);
        String mode = pod.annotations().get(HamiAnnotations.VGPU_MODE);
        List<String> asks = new ArrayList<>();
        if (use != null) {
            asks.add("a card type containing " + quoteList(use) + " (" + HamiAnnotations.USE_GPU_TYPE + ")");
        }
        if (nouse != null) {
            asks.add("none containing " + quoteList(nouse) + " (" + HamiAnnotations.NOUSE_GPU_TYPE + ")");
        }
        if (mode != null) {
            asks.add("mode \"" + mode + "\" (" + HamiAnnotations.VGPU_MODE + ")");
        }
        String wants = asks.isEmpty() ? "a card type" : String.join(", ", asks);
        boolean none = pod.typeAllowed() != null && mode == null && lab.types().stream()
                .noneMatch(pod.typeAllowed());
        if (none && lab.cards() > 0) {
            return new String[] {"asks for " + wants + "; this lab's cards are " + String.join(", ", lab.types())
                    + ": it fits no card of this lab, whatever is freed", "name one of these types in "
                    + HamiAnnotations.USE_GPU_TYPE + ", or add a worker with such a card"};
        }
        return new String[] {"asks for " + wants + "; " + t.cards(Reasons.CARD_TYPE_MISMATCH, lab, "is", "are")
                + " not of that kind", "correct the pod's type annotations, or free a card of the wanted type"};
    }

    private static String[] uuid(Pod pod, Lab lab, FailedNodesTally t) {
        String use = pod.annotations().get(HamiAnnotations.USE_GPU_UUID);
        if (use != null && !use.isBlank()) {
            boolean none = java.util.Arrays.stream(use.split(",")).map(String::strip)
                    .noneMatch(lab.cardIds()::contains);
            if (none) {
                return new String[] {"asks for the cards " + quoteList(use) + " (" + HamiAnnotations.USE_GPU_UUID
                        + "); no card of this lab has one of these ids: it fits no card of this lab",
                    "name card ids of this lab in " + HamiAnnotations.USE_GPU_UUID};
            }
        }
        return new String[] {t.cards(Reasons.CARD_UUID_MISMATCH, lab, "is", "are") + " excluded by the pod's "
                + HamiAnnotations.USE_GPU_UUID + " or " + HamiAnnotations.NOUSE_GPU_UUID,
            "correct the pod's UUID annotations"};
    }

    private static String[] devices(CardAsk ask, Lab lab, FailedNodesTally t) {
        if (ask.nums() > lab.maxCardsPerNode() && lab.cards() > 0) {
            return new String[] {"asks " + ask.cards() + " in one container; the largest worker here has "
                    + lab.maxCardsPerNode() + ": it fits no worker of this lab, whatever is freed", "ask for at most "
                    + lab.maxCardsPerNode() + " cards per container (nvidia.com/gpu), or add a worker with "
                    + ask.nums() + " cards"};
        }
        return new String[] {"asks " + ask.cards() + " in one container; "
                + t.nodes(Reasons.NODE_INSUFFICIENT_DEVICE, "has",
                    "have") + " fewer cards", "ask for fewer cards, or add a worker with more cards"};
    }

    private static String[] unregistered(Lab lab, FailedNodesTally t) {
        int n = t.nodeCount(Reasons.NODE_UNREGISTERED);
        if (n > 0 && n == lab.nodes()) {
            return new String[] {"no worker here has HAMi's device registration (hami.io/node-nvidia-register): "
                    + "HAMi skips every node", "run HAMi's device plugin on the GPU workers"};
        }
        return new String[] {t.nodes(Reasons.NODE_UNREGISTERED, "has", "have") + " no HAMi device registration "
                + "(hami.io/node-nvidia-register missing or undecodable): HAMi skips them", "check that the HAMi "
                + "device plugin runs on those workers"};
    }

    private static String[] kube(String code, Lab lab, FailedNodesTally t) {
        String what = switch (code) {
            case "Insufficient cpu" -> "the CPU it requests";
            case "Insufficient memory" -> "the memory it requests";
            default -> "room for another pod (110 pods at most)";
        };
        return new String[] {t.nodes(code, "lacks",
            "lack") + " " + what + " (kube-scheduler's own filter, before HAMi)",
            ReasonCodes.find(code).map(ReasonCodes.Reason::fix).orElse("add workers")};
    }

    private static String[] refused(Pod pod) {
        String m = pod.message();
        if (m.contains("No agent available")) {
            return new String[] {"HAMi's webhook could not be reached (the tenant's Konnectivity agents are down) and "
                    + "its failurePolicy is Fail: the API server refused the create", "bring the tenant's "
                    + "Konnectivity agents back; failurePolicy Ignore would admit pods that then bypass HAMi"};
        }
        if (m.contains("exceeding resource quota")) {
            String[] q = QuotaWords.of(pod.quota(), true, 0, 0);
            return q != null ? q : new String[] {"HAMi's webhook found the pod's GPU memory or cores over namespace "
                    + pod.namespace() + "'s ResourceQuota: the create was refused", "raise the quota or lower the "
                    + "request"};
        }
        if (m.contains("gpumem-percentage")) {
            return new String[] {"HAMi's webhook refused the memory percentage: it takes 0 to 100 (" + m + ")",
                "give nvidia.com/gpumem-percentage a value from 0 to 100"};
        }
        if (m.endsWith("pod has node assigned")) {
            return new String[] {"the pod names its node (spec.nodeName) and asks for a GPU: HAMi's webhook denies "
                    + "it, since it would bypass HAMi's card choice", "leave spec.nodeName out and let HAMi place it"};
        }
        if (m.endsWith("pod has no containers")) {
            return new String[] {"the pod has no containers: HAMi's webhook denies it", "give the pod a container"};
        }
        return new String[] {"the API server refused the create: " + m, "correct the pod as the message says"};
    }

    private static String[] orElse(String @Nullable [] words, String text, String fix) {
        return words != null ? words : new String[] {text, fix};
    }

    /** The MB a memory percentage stands for on the lab's largest card, for each card the pod asks. */
    private static long percentMB(CardAsk ask, Lab lab) {
        return ask.memMB() > 0 || ask.pct() <= 0 ? 0 : (long) ask.pct() * lab.largestMemMB() / 100 * ask.nums();
    }

    private static String[] generic(String code, String message) {
        Optional<ReasonCodes.Reason> known = ReasonCodes.find(code);
        String cause = known.map(ReasonCodes.Reason::cause).orElse("as reported");
        return new String[] {cause + (message.isEmpty() ? "" : ": " + message),
            known.map(ReasonCodes.Reason::fix).orElse("read the message")};
    }

    static String num(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    private static String quoteList(String commaList) {
        List<String> q = new ArrayList<>();
        for (String s : commaList.split(",")) {
            if (!s.isBlank()) {
                q.add("\"" + s.strip() + "\"");
            }
        }
        return String.join(" or ", q);
    }
}
