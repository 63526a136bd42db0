package io.gpulab.scheduler.filter;

import static io.gpulab.scheduler.Fixtures.card;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpulab.scheduler.model.DeviceUsage;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Device orders per policy. Cards: a(score 1, numa 1, idx 0), b(3, 0, 1), c(1, 0, 2), d(2, 1, 3), with e/f/g
 * as used-slot counts 2/0/1/5 for mutex. The list is given in that order; the result is the sorted order.
 */
class GpuOrderTest {

    private static WorkDevice dev(String id, float score, int numa, int idx, int used) {
        WorkDevice w = new WorkDevice(new DeviceUsage(card(id, idx, 1000, 100, 10, "NVIDIA", numa), used, 0, 0));
        w.score = score;
        return w;
    }

    @ParameterizedTest(name = "{0} numaBind={1} -> {2}")
    @CsvSource(delimiter = '|', value = {
        "binpack        | false | c,a,d,b",
        "spread         | false | b,d,c,a",
        "pack           | false | b,d,c,a",
        "''             | false | b,d,c,a",
        "topology-aware | false | b,d,c,a",
        "mutex          | false | d,a,c,b",
        "binpack        | true  | a,d,c,b",
        "spread         | true  | b,c,d,a",
        "numa           | false | b,c,a,d",
        "numa,spread    | false | b,c,d,a",
        "binpack,numa   | false | c,a,d,b",
        "spread,binpack | false | b,d,a,c",
        "binpack,mutex  | false | a,c,d,b",
        "binpack        | false | c,a,d,b",
        "binpack,spread | true  | c,b,a,d",
        "foo,bar        | false | b,d,a,c",
    })
    void ordersLikeHami(String policy, boolean numaBind, String expected) {
        WorkDevice[] ds = {dev("a", 1, 1, 0, 2), dev("b", 3, 0, 1, 0), dev("c", 1, 0, 2, 1), dev("d", 2, 1, 3, 5)};
        GpuOrder.of(policy, numaBind).sort(ds);
        assertEquals(List.of(expected.split(",")), Arrays.stream(ds).map(w -> w.info.id()).toList());
    }
}
