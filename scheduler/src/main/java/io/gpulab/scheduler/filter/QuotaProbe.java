package io.gpulab.scheduler.filter;

import io.gpulab.scheduler.model.ContainerDevice;
import java.util.List;

/** Asks the namespace quota whether the pod still fits with {@code current} for the container being fitted. */
@FunctionalInterface
interface QuotaProbe {

    QuotaProbe NONE = current -> true;

    boolean fits(List<ContainerDevice> current);
}
