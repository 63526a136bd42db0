package io.gpulab.scheduler.filter;

import static io.gpulab.scheduler.Fixtures.CFG;
import static io.gpulab.scheduler.Fixtures.a100;
import static io.gpulab.scheduler.Fixtures.limits;
import static io.gpulab.scheduler.Fixtures.node;
import static io.gpulab.scheduler.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpulab.scheduler.model.ContainerDeviceRequest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** HAMi's fitInDevices looks the request's device type up among its backends before it counts cards. */
class DeviceTypeTest {

    @Test
    void aRequestForATypeWithNoBackendIsDeviceTypeNotFoundNotACardReason() {
        FilterContext nvidia = FilterContext.of(pod("p", limits("main", "nvidia.com/gpu", "1")), CFG).value();
        FilterContext other = new FilterContext(nvidia.namespace(),
                List.of(new ContainerDeviceRequest(1, "Hygon", 1000, ContainerDeviceRequest.PERCENT_UNSET, 10)),
                0, nvidia.gpuPolicy(), nvidia.nodePolicy(), false, nvidia.order(), nvidia.weights(), Map.of(),
                false, false);
        FilterResult r = HamiFilter.filter(other, List.of(node("w", a100("GPU-a"), a100("GPU-b"))), null);
        // the bare text HAMi returns, not "2/2 CardTypeMismatch"
        assertEquals(Map.of("w", "Device type not found"), r.failedNodes());
    }

    @Test
    void anNvidiaRequestStillFits() {
        FilterResult r = HamiFilter.filter(pod("p", limits("main", "nvidia.com/gpu", "1", "nvidia.com/gpumem", "1000")),
                List.of(node("w", a100("GPU-a"))), CFG);
        assertEquals("w", r.node());
    }
}
