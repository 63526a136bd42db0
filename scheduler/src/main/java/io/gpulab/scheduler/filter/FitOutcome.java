package io.gpulab.scheduler.filter;

import io.gpulab.scheduler.model.ContainerDevice;
import java.util.List;

/**
 * One container's Fit on one node: the cards chosen, or HAMi's reason string.
 *
 * @param fits    whether the container fits
 * @param devices the cards chosen (empty unless it fits)
 * @param reason  {@code "<k>/<N> <Reason>, ..."} or a bare reason; empty when it fits
 */
public record FitOutcome(boolean fits, List<ContainerDevice> devices, String reason) {

    public FitOutcome {
        devices = List.copyOf(devices);
    }

    static FitOutcome fit(List<ContainerDevice> devices) {
        return new FitOutcome(true, devices, "");
    }

    static FitOutcome fail(String reason) {
        return new FitOutcome(false, List.of(), reason);
    }
}
