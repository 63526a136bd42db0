package io.gpulab.scheduler.filter;

import java.util.List;

/**
 * A plugin's verdict in kube-scheduler vocabulary.
 *
 * @param code    the outcome
 * @param reasons every reason collected (HAMi reason strings or error texts), empty on success
 * @param plugin  the plugin that produced it, e.g. {@code HAMi}
 */
public record Status(Code code, List<String> reasons, String plugin) {

    public static final String HAMI = "HAMi";

    public Status {
        reasons = List.copyOf(reasons);
    }

    public static Status success() {
        return new Status(Code.SUCCESS, List.of(), HAMI);
    }

    public boolean isSuccess() {
        return code == Code.SUCCESS;
    }
}
