package io.gpulab.scheduler.request;

import static io.gpulab.scheduler.Fixtures.limits;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpulab.scheduler.Fixtures;
import io.gpulab.scheduler.model.ContainerDeviceRequest;
import io.gpulab.scheduler.model.ContainerResources;
import io.gpulab.scheduler.model.SchedulerConfig;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** GenerateResourceRequests: defaults, precedence, percentage sentinel, invisible containers. */
class RequestParserTest {

    private static final SchedulerConfig CFG = Fixtures.CFG;

    private static ContainerDeviceRequest req(int nums, int mem, int pct, int cores) {
        return new ContainerDeviceRequest(nums, "NVIDIA", mem, pct, cores);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "gpu=1                                  | 1 | 0     | 100 | 0",
        "gpu=1,gpumem=20000,gpucores=30         | 1 | 20000 | 101 | 30",
        "gpu=2,gpumem-percentage=50             | 2 | 0     | 50  | 0",
        "gpu=1,gpumem-percentage=150            | 1 | 0     | 100 | 0",
        "gpu=1,gpumem-percentage=0              | 1 | 0     | 100 | 0",
        "gpu=1,gpumem-percentage=-5             | 1 | 0     | 100 | 0",
        "gpu=1,gpumem=3000,gpumem-percentage=50 | 1 | 3000  | 50  | 0",
        "gpu=1,gpumem=0,gpumem-percentage=50    | 1 | 0     | 50  | 0",
        "gpu=1,gpucores=150                     | 1 | 0     | 100 | 150",
        "gpu=1,gpumem=1.5                       | 1 | 2     | 101 | 0",
        "gpu=0                                  | 0 | 0     | 100 | 0",
    })
    void resolvesLimits(String spec, int nums, int mem, int pct, int cores) {
        assertEquals(req(nums, mem, pct, cores), RequestParser.parse(container(spec), CFG));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"gpumem=20000", "gpu=abc", "gpu=1.5Gi,gpumem=1", "gpu=1,gpumem=16Gi",
        "gpu=1,gpumem=16.0Gi", "gpu=1,gpumem=-1", "gpu=1,gpumem=2147483648"})
    void unreadableContainersAreInvisibleToHami(String spec) {
        assertEquals(ContainerDeviceRequest.none(), RequestParser.parse(container(spec), CFG));
    }

    @Test
    void requestsAreTheFallbackForLimits() {
        ContainerResources c = new ContainerResources("m", Map.of("nvidia.com/gpumem", "1000"),
                Map.of("nvidia.com/gpu", "1", "nvidia.com/gpumem", "5000", "nvidia.com/gpucores", "20"));
        assertEquals(req(1, 1000, 101, 20), RequestParser.parse(c, CFG));
    }

    @Test
    void defaultsApplyAndDefaultMemoryIsNotMultipliedByTheFactor() {
        SchedulerConfig cfg = new SchedulerConfig(4000, 25, 1, 2, 10, 1, 1, "binpack", "spread",
                Duration.ofMinutes(5));
        assertEquals(req(1, 4000, 101, 25), RequestParser.parse(container("gpu=1"), cfg));
        assertEquals(req(1, 6000, 101, 25), RequestParser.parse(container("gpu=1,gpumem=3000"), cfg));
        assertEquals(ContainerDeviceRequest.none(),
                RequestParser.parse(container("gpu=1,gpumem=1073741824"), cfg));
    }

    @Test
    void podRequestsListInitContainersFirst() {
        var pod = Fixtures.podWithInit("p", List.of(container("gpu=1,gpumem=1")),
                List.of(limits("plain"), container("gpu=2,gpumem=2")));
        assertEquals(List.of(req(1, 1, 101, 0), ContainerDeviceRequest.none(), req(2, 2, 101, 0)),
                RequestParser.parse(pod, CFG));
    }

    static ContainerResources container(String spec) {
        String[] kv = spec.split(",");
        String[] flat = new String[kv.length * 2];
        for (int i = 0; i < kv.length; i++) {
            String[] p = kv[i].split("=");
            flat[2 * i] = "nvidia.com/" + p[0];
            flat[2 * i + 1] = p[1];
        }
        return limits("main", flat);
    }
}
