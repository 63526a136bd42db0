package io.gpulab.scheduler.codec;

import io.gpulab.scheduler.model.DeviceInfo;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * HAMi v2.10's NVIDIA {@code GetNodeDevices} (pkg/device/nvidia/device.go) on a node's annotations: the cards of
 * {@code hami.io/node-nvidia-register} (JSON only), or the error for which the scheduler leaves the node out
 * ({@code node unregistered}): the annotation missing ({@code annos not found hami.io/node-nvidia-register}), not
 * decodable, {@code []} ({@code no gpu found on node}), or a {@code hami.io/node-nvidia-score} that does not decode.
 */
public final class NodeDevices {

    /** HAMi's error for a node without the registration. */
    public static final String NOT_FOUND = "annos not found " + HamiAnnotations.NODE_NVIDIA_REGISTER;

    private NodeDevices() {
    }

    public static Decoded<List<DeviceInfo>> of(Map<String, String> annotations) {
        String raw = annotations.get(HamiAnnotations.NODE_NVIDIA_REGISTER);
        if (raw == null) {
            return Decoded.fail(HamiAnnotations.NODE_NVIDIA_REGISTER, "", NOT_FOUND);
        }
        Decoded<List<DeviceInfo>> d = NodeRegistrationCodec.decodeJson(raw);
        if (!d.isOk()) {
            return d;
        }
        AnnotationError pairs = pairScoreError(annotations);
        return pairs == null ? d : Decoded.fail(pairs);
    }

    /** HAMi's error for a registration that lists no card ({@code []}). */
    public static final String NO_GPU = "no gpu found on node";

    /**
     * HAMi's error text: its own message for a missing or empty registration (as {@code GetNodeDevices} returns
     * them), else {@code annotation: message} (which annotation did not decode, and why).
     */
    public static String text(AnnotationError e) {
        return NOT_FOUND.equals(e.message()) || NO_GPU.equals(e.message()) ? e.message() : e.toString();
    }

    /** The error of a {@code hami.io/node-nvidia-score} that does not decode, or null (absent or fine). */
    public static @Nullable AnnotationError pairScoreError(Map<String, String> annotations) {
        String score = annotations.get(HamiAnnotations.NODE_NVIDIA_SCORE);
        return score == null ? null : NodeScoreCodec.decode(score).error();
    }
}
