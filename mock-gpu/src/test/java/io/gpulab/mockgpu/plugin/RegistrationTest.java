package io.gpulab.mockgpu.plugin;

import io.gpulab.mockgpu.catalog.CardCatalog;
import io.gpulab.scheduler.codec.NodeRegistrationCodec;
import io.gpulab.scheduler.model.DeviceInfo;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RegistrationTest {

    private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");
    private final DeviceFactory factory = new DeviceFactory(CardCatalog.builtIn(), DeviceSettings.DEFAULTS);

    @Test
    void twoL4sRegisterTwentySlotsAndDecodeBackToTheSameCards() {
        List<DeviceInfo> devices = factory.devices(List.of(CardDeclaration.ofModel("L4", 2)), 0);
        Registration r = Registration.of(devices, NOW);
        assertEquals(List.of(20L, 49152L, 200L, 200L), List.copyOf(r.capacity().values()));
        String json = r.annotations().get("hami.io/node-nvidia-register");
        assertEquals("[{\"id\":\"GPU-0\",\"count\":10,\"devmem\":24576,\"devcore\":100,\"type\":\"NVIDIA L4\","
                + "\"mode\":\"hami-core\",\"health\":true},{\"id\":\"GPU-1\",\"index\":1,\"count\":10,\"devmem\":24576,"
                + "\"devcore\":100,\"type\":\"NVIDIA L4\",\"mode\":\"hami-core\",\"health\":true}]", json);
        assertEquals(devices, NodeRegistrationCodec.decode(json).value());
        assertEquals("Requesting_2026-01-01 00:00:00", r.annotations().get("hami.io/node-handshake"));
    }

    @Test
    void scalingAndExplicitCardsFollowTheDevicePluginsRules() {
        DeviceFactory scaled = new DeviceFactory(CardCatalog.builtIn(), new DeviceSettings(4, 1.5, 2));
        DeviceInfo a100 = scaled.devices(List.of(CardDeclaration.ofModel("A100-80GB", 1)), 7).get(0);
        assertEquals(new DeviceInfo("GPU-7", 0, 4, 122880, 200, "NVIDIA A100-SXM4-80GB", 0, "hami-core", true), a100);
        CardDeclaration explicit = new CardDeclaration(null, 1, "NVIDIA-L4", 24576, 100, 10, 1, "GPU-x", false, "mps");
        assertEquals(new DeviceInfo("GPU-x", 0, 10, 24576, 100, "NVIDIA-L4", 1, "mps", false),
                factory.devices(List.of(explicit), 0).get(0));
    }

    @Test
    void anUnhealthyCardLeavesCapacityButStaysRegistered() {
        Registration r = Registration.of(factory.devices(List.of(CardDeclaration.ofModel("L4", 2)), 0), NOW);
        Registration sick = r.withHealth("GPU-1", false, NOW.plusSeconds(30));
        assertEquals(10L, sick.capacity().get("nvidia.com/gpu"));
        assertEquals(24576L, sick.capacity().get("nvidia.com/gpumem"));
        assertFalse(sick.devices().get(1).health());
        assertTrue(sick.annotations().get("hami.io/node-nvidia-register").contains("\"id\":\"GPU-1\""));
        assertTrue(sick.hasCard("GPU-1"));
    }

    @Test
    void anUnknownModelFails() {
        assertThrows(IllegalArgumentException.class,
                () -> factory.devices(List.of(CardDeclaration.ofModel("RTX-9090", 1)), 0));
    }
}
