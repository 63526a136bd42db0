package io.gpulab.engine.api;

/**
 * The Konnectivity path API server -> konnectivity-server -> agent -> HAMi webhook.
 *
 * @param agentsUp         whether the tenant's konnectivity agents are connected (false also when not known)
 * @param webhookReachable whether the API server can reach HAMi's webhook through the tunnel (false also when not
 *                         known)
 * @param error            the API server's error text when not reachable, else empty
 * @param unknownBecause   why the tunnel's state is not known, empty when it was observed: a real tenant whose pods
 *                         could not be listed shows no agent pod, which says nothing about its agents ("could not
 *                         read tenant tenant-a: ... HTTP 401 ..."); never "down" on missing data
 */
public record TunnelView(boolean agentsUp, boolean webhookReachable, String error, String unknownBecause) {

    public TunnelView {
        unknownBecause = unknownBecause == null ? "" : unknownBecause;
    }

    /** An observed tunnel (the simulation's always is). */
    public TunnelView(boolean agentsUp, boolean webhookReachable, String error) {
        this(agentsUp, webhookReachable, error, "");
    }

    /** A tunnel whose state could not be observed, and why (one line). */
    public static TunnelView unknown(String why) {
        return new TunnelView(false, false, "", why.isBlank() ? "not observed" : why);
    }

    /** Whether the state was observed; when not, {@link #agentsUp()} and {@link #webhookReachable()} mean nothing. */
    public boolean known() {
        return unknownBecause.isEmpty();
    }

    /** What every view says of an unobserved tunnel: {@code unknown (could not read tenant tenant-a: ...)}. */
    public String unknownWords() {
        return "unknown (" + unknownBecause + ")";
    }
}
