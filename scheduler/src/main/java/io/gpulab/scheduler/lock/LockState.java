package io.gpulab.scheduler.lock;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A node's lock as a user should see it.
 *
 * @param held      a lock annotation is present (expired or not)
 * @param holder    {@code namespace/pod}, null for none or a legacy lock
 * @param since     when it was taken, null when not held or unparsable
 * @param expires   when it may be taken over, null when not held or unparsable
 * @param expired   older than the timeout
 * @param error     the parse error for a malformed value, else null
 */
public record LockState(boolean held, @Nullable String holder, @Nullable Instant since, @Nullable Instant expires,
                        boolean expired, @Nullable String error) {

    public static final LockState FREE = new LockState(false, null, null, null, false, null);
}
