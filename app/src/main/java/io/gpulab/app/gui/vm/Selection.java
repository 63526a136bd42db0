package io.gpulab.app.gui.vm;

/**
 * What the user selected on the canvas.
 *
 * @param tenant empty for the management cluster
 * @param id     the pod key ({@code ns/name}), card id, node name or control-plane name
 */
public record Selection(Kind kind, String tenant, String id) {

    /** The kinds of selectable objects. */
    public enum Kind { MANAGEMENT, CONTROL_PLANE, TENANT, NODE, CARD, POD }

    public static Selection pod(String tenant, String podKey) {
        return new Selection(Kind.POD, tenant, podKey);
    }

    public static Selection card(String tenant, String cardId) {
        return new Selection(Kind.CARD, tenant, cardId);
    }

    public static Selection node(String tenant, String node) {
        return new Selection(Kind.NODE, tenant, node);
    }
}
