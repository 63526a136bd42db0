package io.gpulab.scheduler.filter;

/**
 * A Kubernetes event HAMi's scheduler would emit on the pod (source component {@code hami-scheduler}).
 *
 * @param reason  {@code FilteringSucceed}, {@code FilteringFailed}, {@code BindingSucceed}, ...
 * @param type    {@code Normal} or {@code Warning}
 * @param message the exact message text
 */
public record HamiEvent(String reason, String type, String message) {

    public static final String FILTERING_SUCCEED = "FilteringSucceed";
    public static final String FILTERING_FAILED = "FilteringFailed";
    public static final String BINDING_SUCCEED = "BindingSucceed";
    public static final String BINDING_FAILED = "BindingFailed";
    public static final String NORMAL = "Normal";
    public static final String WARNING = "Warning";

    /** {@code BindingSucceed}: {@code Successfully binding node [<node>] to <ns>/<name>}. */
    public static HamiEvent bindingSucceed(String node, String namespace, String pod) {
        return new HamiEvent(BINDING_SUCCEED, NORMAL,
                "Successfully binding node [" + node + "] to " + namespace + "/" + pod);
    }

    /** {@code BindingFailed} with the error text. */
    public static HamiEvent bindingFailed(String error) {
        return new HamiEvent(BINDING_FAILED, WARNING, error);
    }
}
