package io.gpulab.engine.api;

import java.time.Instant;

/**
 * One entry of the ordered event log, shaped like a Kubernetes Event.
 *
 * @param seq     position in the log, from 1
 * @param tenant  the tenant whose API server recorded it, or empty for the management cluster
 * @param object  {@code Pod/ns/name}, {@code Node/name}, ...
 * @param type    {@code Normal} or {@code Warning}
 * @param reason  e.g. {@code FilteringFailed}, {@code BindingSucceed}, {@code Scheduled}
 * @param source  the component that wrote it, e.g. {@code hami-scheduler}, {@code kubelet}
 */
public record LabEvent(long seq, Instant time, String tenant, String object, String type, String reason,
                       String message, String source) { }
