package io.gpulab.engine.api;

import org.jspecify.annotations.Nullable;

import java.time.Instant;
import java.util.Optional;
import java.util.function.Function;

/**
 * The lab as it is now, for the reasons in words that quote it ({@link PlainReasons}): a worker's cards with their
 * usage and its node lock, another pod (a lock's holder), the lab's clock. Looked up by name, so a sentence reads only
 * the workers and pods it names.
 */
public interface LabNow {

    /** Nothing known: the sentences leave out what they would quote. */
    LabNow UNKNOWN = of(null, name -> Optional.empty(), key -> Optional.empty());

    /** The worker of this name as it is now. */
    Optional<NodeView> node(String name);

    /** The pod {@code ns/name} as it is now. */
    Optional<PodView> pod(String key);

    /** The lab's clock, or null when not known. */
    @Nullable Instant clock();

    static LabNow of(@Nullable Instant clock, Function<String, Optional<NodeView>> nodes,
                     Function<String, Optional<PodView>> pods) {
        return new LabNow() {
            @Override
            public Optional<NodeView> node(String name) {
                return nodes.apply(name);
            }

            @Override
            public Optional<PodView> pod(String key) {
                return pods.apply(key);
            }

            @Override
            public @Nullable Instant clock() {
                return clock;
            }
        };
    }

    /** A tenant's view at the snapshot's clock. */
    static LabNow of(TenantView t, Instant clock) {
        return of(clock, t::node, t::pod);
    }
}
