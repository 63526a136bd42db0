package io.gpulab.scheduler.filter;

/** kube-scheduler's status codes. ERROR is for bugs and bad input, never for "does not fit". */
public enum Code {
    SUCCESS, ERROR, UNSCHEDULABLE, UNSCHEDULABLE_AND_UNRESOLVABLE, WAIT, SKIP
}
