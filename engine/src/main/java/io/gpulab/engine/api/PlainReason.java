package io.gpulab.engine.api;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.Locale;

/**
 * Why a pod is not running, in a sentence built from the lab's numbers, what would fix it, and where the reason code
 * is described ({@link PlainReasons}). It stands beside HAMi's reason code and raw message, never instead of them.
 *
 * @param text e.g. {@code asks 90,000 MB of one card; the largest card here has 81,920 MB: it fits no card of this
 *             lab, whatever is freed}
 * @param fix  what would let it run, e.g. {@code ask for at most 81,920 MB, or add a worker with a larger card}
 * @param doc  the code's entry in docs/reasons.md, e.g. {@code docs/reasons.md#cardinsufficientmemory}
 */
@JsonPropertyOrder({"text", "fix", "doc"})
public record PlainReason(String text, String fix, String doc) {

    /** The docs/reasons.md entry of a reason code ({@code node unregistered} is {@code #node-unregistered}). */
    public static String doc(String code) {
        return "docs/reasons.md#" + code.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
    }
}
