package io.gpulab.engine.api;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.gpulab.scheduler.codec.Decoded;
import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.codec.PodDevicesCodec;
import io.gpulab.scheduler.filter.FilterWhy;
import io.gpulab.scheduler.model.ContainerDevice;
import io.gpulab.scheduler.model.PodDevices;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * "Why this node, why this card" for one pod: HAMi's last filter of it read off the decision ({@link FilterWhy}),
 * and the device list it holds, {@code hami.io/vgpu-devices-allocated} decoded per container.
 *
 * @param reason    why the pod does not run, in words ({@link PlainReasons}); null when it runs
 * @param at        when HAMi filtered the pod (the lab's clock), or null when it was never filtered with an
 *                  explanation kept
 * @param filter    the last filter, or null (see {@code at})
 * @param allocated the pod's allocation annotation decoded, or null when it has none
 */
@JsonPropertyOrder({"reason", "at", "filter", "allocated"})
public record PodWhy(@Nullable PlainReason reason, @Nullable String at, @Nullable FilterWhy filter,
                     @Nullable Allocated allocated) {

    /**
     * {@code hami.io/vgpu-devices-allocated} as the pod carries it and as HAMi decodes it.
     *
     * @param annotation the value verbatim
     * @param containers one entry per container, init containers first (HAMi's index order)
     * @param error      HAMi's decode error, else null
     */
    @JsonPropertyOrder({"annotation", "containers", "error"})
    public record Allocated(String annotation, List<Container> containers, @Nullable String error) {

        public Allocated {
            containers = List.copyOf(containers);
        }

        /**
         * The pod's annotation decoded, or null when it has none.
         *
         * @param names the containers' names in HAMi's index order (init first)
         * @param inits how many of them are init containers
         */
        public static @Nullable Allocated of(Map<String, String> podAnnotations, List<String> names, int inits) {
            String raw = podAnnotations.get(HamiAnnotations.DEVICES_ALLOCATED);
            if (raw == null) {
                return null;
            }
            // one entry per container, as HAMi indexes them (the decoder's extra entry after the trailing ';' dropped)
            Decoded<PodDevices> d = PodDevicesCodec.decode(HamiAnnotations.DEVICES_ALLOCATED, raw, names.size());
            if (!d.isOk()) {
                return new Allocated(raw, List.of(), String.valueOf(d.error()));
            }
            List<Container> out = new ArrayList<>();
            List<List<ContainerDevice>> cs = d.value().containers();
            for (int i = 0; i < cs.size(); i++) {
                out.add(new Container(i, names.get(i), i < inits, cs.get(i)));
            }
            return new Allocated(raw, out, null);
        }
    }

    /** One container's entry: its cards with the memory (MB) and cores HAMi booked on each. */
    @JsonPropertyOrder({"index", "name", "init", "devices"})
    public record Container(int index, String name, boolean init, List<ContainerDevice> devices) {

        public Container {
            devices = List.copyOf(devices);
        }
    }
}
