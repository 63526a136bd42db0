package io.gpulab.engine.sim;

import io.gpulab.mockgpu.plugin.Registration;
import io.gpulab.scheduler.codec.Decoded;
import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.codec.NodeRegistrationCodec;
import io.gpulab.scheduler.codec.AnnotationError;
import io.gpulab.scheduler.codec.NodeDevices;
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
 * becomes a note on the node; so does a given {@code hami.io/node-nvidia-score} that does not decode. A worker with
 * neither cards nor a registration has no device plugin: no registration is written.
 */
final class RawRegistration {

    private RawRegistration() {
    }

    /**
     * @param plugin whether a device plugin runs on the worker (it declares cards); without one and without a given
     *               registration, nothing is registered
     */
    static Registration of(Map<String, String> given, List<DeviceInfo> declared, boolean plugin, Instant now,
                           List<String> notes) {
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
        } else if (!plugin) {
            // no card, no device plugin: nothing writes the registration, and HAMi's GetNodeDevices fails on the
            // missing key (HAMi v2.10 pkg/device/nvidia/device.go)
            ann.remove(HamiAnnotations.NODE_NVIDIA_REGISTER);
            notes.add(NodeDevices.NOT_FOUND + " (HAMi: node unregistered)");
        }
        Map<String, Long> capacity = generated.capacity();
        AnnotationError pairs = devices.isEmpty() ? null : NodeDevices.pairScoreError(given);
        if (pairs != null) {
            // GetNodeDevices decodes the pair scores after the registration and fails the whole node when they do not
            // decode (HAMi v2.10 pkg/device/nvidia/device.go): the node is skipped, its cards never seen
            notes.add(pairs + " (HAMi ignores the node's cards)");
            devices = List.of();
        }
        String handshake = given.get(HamiAnnotations.NODE_HANDSHAKE);
        if (handshake != null) {
            ann.put(HamiAnnotations.NODE_HANDSHAKE, handshake);
        }
        return new Registration(devices, ann, capacity);
    }
}
