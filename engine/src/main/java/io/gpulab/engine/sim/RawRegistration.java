package io.gpulab.engine.sim;

import io.gpulab.mockgpu.plugin.NodeCapacity;
import io.gpulab.mockgpu.plugin.Registration;
import io.gpulab.scheduler.codec.Decoded;
import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.codec.NodeRegistrationCodec;
import io.gpulab.scheduler.model.DeviceInfo;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A worker's registration when the scenario states HAMi's own node annotations: a given
 * {@code hami.io/node-nvidia-register} is what HAMi decodes (JSON only, as the v2.10 scheduler accepts), instead of
 * the cards the mock plugin would register, and a given {@code hami.io/node-handshake} is kept as written. A value
 * HAMi cannot decode leaves the node without cards (HAMi ignores it: {@code node unregistered}) and its error
 * becomes a note on the node.
 */
final class RawRegistration {

    private RawRegistration() {
    }

    static Registration of(Map<String, String> given, List<DeviceInfo> declared, Instant now, List<String> notes) {
        String raw = given.get(HamiAnnotations.NODE_NVIDIA_REGISTER);
        List<DeviceInfo> devices = declared;
        if (raw != null) {
            Decoded<List<DeviceInfo>> d = NodeRegistrationCodec.decodeJson(raw);
            devices = d.isOk() ? d.value() : List.of();
            if (!d.isOk()) {
                notes.add(d.error() + " (HAMi ignores the node's cards)");
            }
            if (!declared.isEmpty()) {
                notes.add("cards: not registered, " + HamiAnnotations.NODE_NVIDIA_REGISTER + " is given verbatim");
            }
        }
        Registration generated = Registration.of(devices, now);
        Map<String, String> ann = new LinkedHashMap<>(generated.annotations());
        if (raw != null) {
            ann.put(HamiAnnotations.NODE_NVIDIA_REGISTER, raw);
        }
        String handshake = given.get(HamiAnnotations.NODE_HANDSHAKE);
        if (handshake != null) {
            ann.put(HamiAnnotations.NODE_HANDSHAKE, handshake);
        }
        return new Registration(devices, ann, NodeCapacity.of(devices));
    }
}
