package io.gpulab.scheduler.codec;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A decoded {@code hami.io/mutex.lock} value.
 *
 * @param since     when the lock was taken
 * @param namespace the holder pod's namespace; {@code null} for a legacy bare-timestamp lock
 * @param podName   the holder pod's name; {@code null} for a legacy lock
 */
public record NodeLockValue(Instant since, @Nullable String namespace, @Nullable String podName) {

    public boolean legacy() {
        return namespace == null || podName == null;
    }

    public boolean heldBy(String ns, String name) {
        return ns.equals(namespace) && name.equals(podName);
    }
}
