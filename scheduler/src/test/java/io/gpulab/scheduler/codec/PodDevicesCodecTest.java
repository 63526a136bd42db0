package io.gpulab.scheduler.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.gpulab.scheduler.model.ContainerDevice;
import io.gpulab.scheduler.model.PodDevices;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** hami.io/vgpu-devices-allocated / -to-allocate ({@code EncodePodSingleDevice}). */
class PodDevicesCodecTest {

    private static final ContainerDevice A = new ContainerDevice("GPU-a", "NVIDIA", 1000, 30);
    private static final ContainerDevice B = new ContainerDevice("GPU-b", "NVIDIA", 1000, 30);

    @Test
    void encodesHamisExamples() {
        assertEquals("GPU-a,NVIDIA,1000,30:;", PodDevicesCodec.encode(new PodDevices(List.of(List.of(A)))));
        assertEquals("GPU-a,NVIDIA,1000,30:GPU-b,NVIDIA,1000,30:;",
                PodDevicesCodec.encode(new PodDevices(List.of(List.of(A, B)))));
        assertEquals(";GPU-a,NVIDIA,1000,30:;", PodDevicesCodec.encode(new PodDevices(List.of(List.of(), List.of(A)))));
    }

    @Test
    void decodeKeepsEmptyEntriesIncludingTheTrailingOne() {
        assertEquals(new PodDevices(List.of(List.of(), List.of(A), List.of())),
                PodDevicesCodec.decode(";GPU-a,NVIDIA,1000,30:;").value());
        assertEquals(new PodDevices(List.of(List.of(), List.of(), List.of())), PodDevicesCodec.decode(";;").value());
        assertEquals(new PodDevices(List.of(List.of(), List.of(A))),
                PodDevicesCodec.decode("hami.io/vgpu-devices-allocated", ";GPU-a,NVIDIA,1000,30:;", 2).value());
    }

    @Test
    void randomAllocationsRoundTrip() {
        Random r = new Random(3);
        for (int i = 0; i < 500; i++) {
            List<List<ContainerDevice>> cs = new java.util.ArrayList<>();
            int n = 1 + r.nextInt(4);
            for (int c = 0; c < n; c++) {
                List<ContainerDevice> ds = new java.util.ArrayList<>();
                for (int d = r.nextInt(3); d > 0; d--) {
                    ds.add(new ContainerDevice("GPU-" + r.nextInt(99), "NVIDIA", r.nextInt(90000), r.nextInt(101)));
                }
                cs.add(ds);
            }
            PodDevices pd = new PodDevices(cs);
            assertEquals(pd, PodDevicesCodec.decode("x", PodDevicesCodec.encode(pd), n).value());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"GPU-a,NVIDIA,1000:;", "GPU-a:;", "GPU-a,NVIDIA,lots,30:;", "GPU-a,NVIDIA,1,x:"})
    void garbageIsATypedError(String v) {
        Decoded<PodDevices> d = PodDevicesCodec.decode(v);
        assertFalse(d.isOk());
        assertEquals("hami.io/vgpu-devices-allocated", d.error().annotation());
        if (v.split(",").length < 4) {
            assertEquals(PodDevicesCodec.MISSING_FIELDS, d.error().message());
        }
    }
}
