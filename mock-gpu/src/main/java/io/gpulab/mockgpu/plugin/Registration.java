package io.gpulab.mockgpu.plugin;

import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.codec.NodeRegistrationCodec;
import io.gpulab.scheduler.model.DeviceInfo;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one registration round leaves on the Node: HAMi's {@code hami.io/node-nvidia-register} (JSON, the
 * v2.8+ form the v2.10 scheduler requires), the handshake as the scheduler's health loop leaves it
 * ({@code Requesting_<time>}), and the extended-resource capacity of {@link NodeCapacity}.
 *
 * @param devices     the registered cards, in index order
 * @param annotations the two annotations above
 * @param capacity    extended resources (integer amounts)
 */
public record Registration(List<DeviceInfo> devices, Map<String, String> annotations, Map<String, Long> capacity) {

    /** The scheduler writes the handshake time in Go's {@code 2006-01-02 15:04:05} layout. */
    private static final DateTimeFormatter HANDSHAKE_TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);

    public Registration {
        devices = List.copyOf(devices);
        // insertion order is kept so snapshots and exports print identically on every run
        annotations = Collections.unmodifiableMap(new LinkedHashMap<>(annotations));
        capacity = Collections.unmodifiableMap(new LinkedHashMap<>(capacity));
    }

    /** Registers {@code devices} at {@code now}. */
    public static Registration of(List<DeviceInfo> devices, Instant now) {
        Map<String, String> annos = new LinkedHashMap<>();
        annos.put(HamiAnnotations.NODE_NVIDIA_REGISTER, NodeRegistrationCodec.encodeJson(devices));
        annos.put(HamiAnnotations.NODE_HANDSHAKE, "Requesting_" + HANDSHAKE_TIME.format(now));
        return new Registration(devices, annos, NodeCapacity.of(devices));
    }

    /** The same cards re-registered with one card's health changed (a health fault); others untouched. */
    public Registration withHealth(String cardId, boolean healthy, Instant now) {
        List<DeviceInfo> changed = devices.stream()
                .map(d -> d.id().equals(cardId) ? d.withHealth(healthy) : d).toList();
        return of(changed, now);
    }

    /** Whether a card with this id is registered. */
    public boolean hasCard(String cardId) {
        return devices.stream().anyMatch(d -> d.id().equals(cardId));
    }
}
