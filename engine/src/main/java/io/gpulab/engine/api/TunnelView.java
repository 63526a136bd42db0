package io.gpulab.engine.api;

/**
 * The Konnectivity path API server -> konnectivity-server -> agent -> HAMi webhook.
 *
 * @param agentsUp        whether the tenant's konnectivity agents are connected
 * @param webhookReachable whether the API server can reach HAMi's webhook through the tunnel
 * @param error           the API server's error text when not reachable, else empty
 */
public record TunnelView(boolean agentsUp, boolean webhookReachable, String error) { }
