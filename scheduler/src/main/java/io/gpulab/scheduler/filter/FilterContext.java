package io.gpulab.scheduler.filter;

import io.gpulab.scheduler.codec.Decoded;
import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.model.ContainerDeviceRequest;
import io.gpulab.scheduler.model.PodInfo;
import io.gpulab.scheduler.model.SchedulerConfig;
import io.gpulab.scheduler.request.RequestParser;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Everything the filter derives from one pod once: its container requests (init first), policies, selectors
 * and weights. Build with {@link #of(PodInfo, SchedulerConfig)}; an invalid weights annotation is an error.
 *
 * @param namespace        the pod's namespace (for quota)
 * @param requests         one request per container, init containers first
 * @param initCount        how many of {@code requests} are init containers
 * @param gpuPolicy        resolved GPU policy string
 * @param nodePolicy       resolved node policy string
 * @param numaBind         {@code nvidia.com/numa-bind} parses true
 * @param order            the device order
 * @param weights          device score weights
 * @param annotations      the pod's annotations (type/uuid/mode selectors)
 * @param mutex            the GPU policy contains {@code mutex}: only idle cards
 * @param topology         the GPU policy contains {@code topology-aware}: choose cards by pair scores
 */
public record FilterContext(String namespace, List<ContainerDeviceRequest> requests, int initCount,
                            String gpuPolicy, String nodePolicy, boolean numaBind, GpuOrder order,
                            ScoringWeights weights, Map<String, String> annotations, boolean mutex,
                            boolean topology) {

    public FilterContext {
        requests = List.copyOf(requests);
        annotations = Map.copyOf(annotations);
    }

    /** Resolves a pod against the scheduler config; fails only on an invalid weights annotation. */
    public static Decoded<FilterContext> of(PodInfo pod, SchedulerConfig cfg) {
        Map<String, String> a = pod.annotations();
        ScoringWeights weights = ScoringWeights.DEFAULT;
        String w = a.get(HamiAnnotations.DEVICE_SCORING_WEIGHTS);
        if (w != null) {
            Decoded<ScoringWeights> d = ScoringWeights.parse(w);
            if (!d.isOk()) {
                return Decoded.fail(d.error());
            }
            weights = d.value();
        }
        String gpu = a.getOrDefault(HamiAnnotations.GPU_SCHEDULER_POLICY, cfg.gpuSchedulerPolicy());
        String node = a.getOrDefault(HamiAnnotations.NODE_SCHEDULER_POLICY, cfg.nodeSchedulerPolicy());
        boolean numa = switch (a.getOrDefault(HamiAnnotations.NUMA_BIND, "")) {
            case "1", "t", "T", "TRUE", "true", "True" -> true;
            default -> false;
        };
        return Decoded.ok(new FilterContext(pod.namespace(), RequestParser.parse(pod, cfg),
                pod.initContainers().size(), gpu, node, numa, GpuOrder.of(gpu, numa), weights, a,
                policyContains(gpu, "mutex"), policyContains(gpu, "topology-aware")));
    }

    /** {@code PolicyContains}: the policy, split on commas, has this token. */
    public static boolean policyContains(String policy, String token) {
        if (policy.indexOf(',') < 0) {
            return policy.strip().equals(token);
        }
        return Arrays.stream(policy.split(",", -1)).map(String::strip).anyMatch(token::equals);
    }

    /**
     * Whether a card of this type passes the pod's {@code use-gputype}/{@code nouse-gputype} selectors (the type
     * part of HAMi's CardTypeMismatch check; mode and request type are checked per card by Fit).
     */
    public boolean typeAllowed(String cardType) {
        return new CardSelectors(annotations).typeAllowed(cardType);
    }

    /** Whether the pod has a type selector at all. */
    public boolean hasTypeSelector() {
        return annotations.containsKey(HamiAnnotations.USE_GPU_TYPE)
                || annotations.containsKey(HamiAnnotations.NOUSE_GPU_TYPE);
    }

    /** Whether any container asks for a card. */
    public boolean requestsAnyDevice() {
        return RequestParser.requestsAnyDevice(requests);
    }

    @Nullable String annotation(String key) {
        return annotations.get(key);
    }
}
