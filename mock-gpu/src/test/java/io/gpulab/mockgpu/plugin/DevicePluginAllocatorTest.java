package io.gpulab.mockgpu.plugin;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DevicePluginAllocatorTest {

    private static final String LOCK = "hami.io/mutex.lock";
    private static final Map<String, String> NODE = Map.of(LOCK, "2026-01-01T00:00:00Z,default,p1");
    private static final Map<String, String> POD = Map.of("hami.io/vgpu-node", "w",
            "hami.io/vgpu-devices-to-allocate", "GPU-0,NVIDIA,20000,30:;",
            "hami.io/vgpu-devices-allocated", "GPU-0,NVIDIA,20000,30:;", "hami.io/bind-phase", "allocating");

    @Test
    void completeServesTheContainerMarksSuccessAndReleasesItsLock() {
        Allocation a = DevicePluginAllocator.allocate(LifecycleMode.COMPLETE, "w", NODE, "default", "p1", POD, 1);
        assertEquals("success", a.podAnnotations().get("hami.io/bind-phase"));
        assertEquals(";", a.podAnnotations().get("hami.io/vgpu-devices-to-allocate"));
        assertEquals("GPU-0,NVIDIA,20000,30:;", a.podAnnotations().get("hami.io/vgpu-devices-allocated"));
        assertTrue(a.lockReleased());
        assertFalse(a.nodeAnnotations().containsKey(LOCK));
        assertEquals(List.of(Map.of("CUDA_DEVICE_MEMORY_LIMIT_0", "20000m", "CUDA_DEVICE_SM_LIMIT", "30")),
                a.containerEnv());
    }

    @Test
    void anotherPodsLockIsKept() {
        Allocation a = DevicePluginAllocator.allocate(LifecycleMode.COMPLETE, "w", NODE, "default", "p2", POD, 1);
        assertFalse(a.lockReleased());
        assertEquals(NODE.get(LOCK), a.nodeAnnotations().get(LOCK));
    }

    @Test
    void theArticleMockChangesNothing() {
        Allocation a = DevicePluginAllocator.allocate(LifecycleMode.ARTICLE, "w", NODE, "default", "p1", POD, 1);
        assertEquals(POD, a.podAnnotations());
        assertEquals(NODE, a.nodeAnnotations());
        assertFalse(a.lockReleased());
        assertTrue(a.containerEnv().get(0).isEmpty());
    }

    @Test
    void aPodNotBoundHereFailsAndReleasesItsLock() {
        Allocation a = DevicePluginAllocator.allocate(LifecycleMode.COMPLETE, "other", NODE, "default", "p1", POD, 1);
        assertEquals("no binding pod found on node other", a.error());
        assertEquals("failed", a.podAnnotations().get("hami.io/bind-phase"));
        assertTrue(a.lockReleased());
    }

    @Test
    void lifecycleNamesAreTheScenarioSpelling() {
        assertSame(LifecycleMode.ARTICLE, LifecycleMode.of("article"));
        assertEquals("complete", LifecycleMode.COMPLETE.id());
    }
}
