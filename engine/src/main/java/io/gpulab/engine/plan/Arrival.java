package io.gpulab.engine.plan;

import java.time.Duration;

/** One event of a workload's replay, in order. Pods are indexes into {@link Workload#pods()}. */
public sealed interface Arrival {

    /** The pod is created. */
    record Submit(int pod) implements Arrival { }

    /** The pod ends; its share returns to its cards. */
    record Delete(int pod) implements Arrival { }

    /** The virtual clock moves (locks expire, pending pods are retried). */
    record Advance(Duration by) implements Arrival { }
}
