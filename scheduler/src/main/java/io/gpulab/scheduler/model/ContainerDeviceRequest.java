package io.gpulab.scheduler.model;

/**
 * One container's resolved HAMi request (HAMi {@code ContainerDeviceRequest}): {@code nums} distinct
 * cards, each with {@code memReq} MB or {@code memPercentReq} percent of its memory, and
 * {@code coresReq} core units. {@code memPercentReq == 101} means "unset".
 */
public record ContainerDeviceRequest(int nums, String type, int memReq, int memPercentReq, int coresReq) {

    public static final int PERCENT_UNSET = 101;
    public static final String NVIDIA = "NVIDIA";

    public static ContainerDeviceRequest none() {
        return new ContainerDeviceRequest(0, NVIDIA, 0, PERCENT_UNSET, 0);
    }

    public boolean isEmpty() {
        return nums <= 0;
    }
}
