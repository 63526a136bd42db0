package io.gpulab.scheduler.filter;

import java.util.List;

/** HAMi's reason strings ({@code pkg/device/common/common.go}), precomputed constants. */
public final class Reasons {

    public static final String CARD_TYPE_MISMATCH = "CardTypeMismatch";
    public static final String CARD_UUID_MISMATCH = "CardUuidMismatch";
    public static final String CARD_TIME_SLICING_EXHAUSTED = "CardTimeSlicingExhausted";
    public static final String CARD_COMPUTE_UNITS_EXHAUSTED = "CardComputeUnitsExhausted";
    public static final String CARD_INSUFFICIENT_MEMORY = "CardInsufficientMemory";
    public static final String CARD_INSUFFICIENT_CORE = "CardInsufficientCore";
    public static final String CARD_NOT_HEALTH = "CardNotHealth";
    public static final String CARD_CORDONED = "CardCordoned";
    public static final String NUMA_NOT_FIT = "NumaNotFit";
    public static final String EXCLUSIVE_DEVICE_ALLOCATE_CONFLICT = "ExclusiveDeviceAllocateConflict";
    public static final String CARD_NOT_FOUND_CUSTOM_FILTER_RULE = "CardNotFoundCustomFilterRule";
    public static final String CARD_MIG_TOPOLOGY_INFEASIBLE = "CardMigTopologyInfeasible";
    public static final String NODE_INSUFFICIENT_DEVICE = "NodeInsufficientDevice";
    public static final String ALLOCATED_CARDS_INSUFFICIENT_REQUEST = "AllocatedCardsInsufficientRequest";
    public static final String NODE_UNFIT_POD = "NodeUnfitPod";
    public static final String NODE_FIT_POD = "NodeFitPod";
    public static final String RESOURCE_QUOTA_NOT_FIT = "ResourceQuotaNotFit";
    public static final String MODE_NOT_FIT = "ModeNotFit";
    /** FailedNodes value for a requested node without HAMi registration. */
    public static final String NODE_UNREGISTERED = "node unregistered";
    /** {@code fitInDevices}: the request names a device type no backend handles (bare string, no count). */
    public static final String DEVICE_TYPE_NOT_FOUND = "Device type not found";
    /** The card-level reasons, the ones {@code ParseReason} recognises in {@code "<k>/<N> <Reason>"} entries. */
    public static final List<String> CARD_REASONS = List.of(CARD_TYPE_MISMATCH, CARD_UUID_MISMATCH,
            CARD_TIME_SLICING_EXHAUSTED, CARD_COMPUTE_UNITS_EXHAUSTED, CARD_INSUFFICIENT_MEMORY,
            CARD_INSUFFICIENT_CORE, CARD_NOT_HEALTH, CARD_CORDONED, NUMA_NOT_FIT, EXCLUSIVE_DEVICE_ALLOCATE_CONFLICT,
            CARD_NOT_FOUND_CUSTOM_FILTER_RULE, CARD_MIG_TOPOLOGY_INFEASIBLE, ALLOCATED_CARDS_INSUFFICIENT_REQUEST,
            RESOURCE_QUOTA_NOT_FIT, MODE_NOT_FIT);

    private Reasons() {
    }
}
