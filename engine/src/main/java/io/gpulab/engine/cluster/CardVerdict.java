package io.gpulab.engine.cluster;

/**
 * One observed card judged for one pending pod by scheduler/'s filter.
 *
 * @param reason HAMi's reason for this card alone ({@code CardInsufficientMemory}, ...), or {@code fits}
 */
public record CardVerdict(String node, String cardId, String type, int freeMemMB, int freeCores, int freeSlots,
                          boolean health, String reason) {

    public static final String FITS = "fits";
}
