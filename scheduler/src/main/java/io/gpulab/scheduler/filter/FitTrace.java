package io.gpulab.scheduler.filter;

import io.gpulab.scheduler.model.ContainerDevice;
import io.gpulab.scheduler.model.ContainerDeviceRequest;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Watches one pod's fit on one node as {@link NodeFitter} and {@link NvidiaFit} decide it, so that an explanation
 * reads off the very decision instead of recomputing it ({@link FilterExplainer}). The hot path passes none.
 */
interface FitTrace {

    /** Container {@code index}: every card scored and in HAMi's sorted order, before Fit walks it from the end. */
    void sorted(int index, ContainerDeviceRequest k, WorkDevice[] sorted);

    /** One card as Fit judged it: the failing check's reason, or null when the card was taken. */
    void card(WorkDevice d, @Nullable String reason, int memreq, int coresReq);

    /** Cards taken earlier in the walk and dropped: numa-bind moved on to another NUMA node. */
    void dropped(List<ContainerDevice> cards);

    /** topology-aware: the cards chosen among the candidates, with each candidate's or combination's pair score sum. */
    void topology(List<ContainerDevice> chosen, Map<String, Long> sums);

    /** The container's outcome. */
    void outcome(FitOutcome out);
}
