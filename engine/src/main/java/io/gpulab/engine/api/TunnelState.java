package io.gpulab.engine.api;

/**
 * What is true of a tenant's Konnectivity tunnel, in words every view shares (the tenant's switch, the inspector, the
 * review report): the agents' own state is half of it. The konnectivity-server is a container of the tenant's
 * control-plane pods, so while none of them is ready (or the server restarts) no agent holds a tunnel, whatever the
 * agents on the workers do; and without the Konnectivity addon there is no tunnel at all (docs/kamaji-model.md).
 *
 * @param state {@link #UP}, {@link #DOWN}, {@link #OFF} (no addon) or {@link #UNKNOWN} (not observed)
 * @param why   why it is not up, one clause ({@code no konnectivity-server runs: ...}); empty when up
 */
public record TunnelState(String state, String why) {

    public static final String UP = "up";
    public static final String DOWN = "down";
    public static final String OFF = "off";
    public static final String UNKNOWN = "unknown";

    /** The tunnel of {@code t} as its views show it. */
    public static TunnelState of(TenantView t) {
        TunnelView tunnel = t.tunnel();
        if (!tunnel.known()) {
            return new TunnelState(UNKNOWN, tunnel.unknownWords());
        }
        ControlPlaneView cp = t.controlPlane();
        ControlPlaneView.ComponentView server = cp.components().stream()
                .filter(c -> "konnectivity-server".equals(c.name())).findFirst().orElse(null);
        if (server == null && !cp.components().isEmpty()) {
            return new TunnelState(OFF, "no Konnectivity addon in " + t.name() + "'s TenantControlPlane: no server, "
                    + "no agents; its API server dials HAMi's webhook directly from the management cluster");
        }
        if (!tunnel.agentsUp()) {
            return new TunnelState(DOWN, "its agents are down" + (tunnel.error().isBlank() ? "" : " ("
                    + cause(tunnel.error()) + ")"));
        }
        if (server != null && !server.ready()) {
            return new TunnelState(DOWN, cp.readyReplicas() == 0 && cp.replicas() > 0
                    ? "no konnectivity-server runs: it is a container of " + t.name() + "'s control-plane pods, and "
                    + "none of them is ready (0 of " + cp.replicas() + "), so the agents have no server to hold a "
                    + "tunnel to"
                    : cp.replicas() == 0 ? "no konnectivity-server runs: " + t.name() + "'s control plane is scaled to "
                    + "0, so the agents have no server to hold a tunnel to"
                    : t.name() + "'s konnectivity-server does not serve its agents" + (tunnel.error().isBlank()
                    ? "" : " (" + cause(tunnel.error()) + ")"));
        }
        return new TunnelState(UP, "");
    }

    /** The cause at the end of the API server's webhook error ({@code ...: No agent available}). */
    private static String cause(String error) {
        int at = error.lastIndexOf(": ");
        return at < 0 ? error : error.substring(at + 2);
    }

    public boolean up() {
        return UP.equals(state);
    }

    /** {@code up}, or {@code down: <why>}. */
    public String words() {
        return up() ? UP : UNKNOWN.equals(state) ? why : state + ": " + why;
    }
}
