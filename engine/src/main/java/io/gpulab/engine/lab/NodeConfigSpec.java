package io.gpulab.engine.lab;

import org.jspecify.annotations.Nullable;

import java.util.List;

/**
 * One entry of the HAMi device plugin's per-node configuration ({@code nodeconfig[]} of its {@code config.json},
 * the chart's {@code devicePlugin.nodeConfiguration.config}): values that override the chart's for the worker of
 * that name. Unset values keep the lab's.
 *
 * @param name                the worker (node) name
 * @param deviceSplitCount    sharing slots per card on that node
 * @param deviceMemoryScaling registered memory = floor(physical MB x this)
 * @param deviceCoreScaling   registered core units = this x 100
 * @param operatingMode       the mode every card of the node registers with ({@code hami-core}, {@code mig}, ...)
 * @param filterUuids         cards (by id) the plugin does not register
 * @param filterIndexes       cards (by index on the node) the plugin does not register
 * @throws IllegalArgumentException for a non-positive count or scaling
 */
public record NodeConfigSpec(String name, @Nullable Integer deviceSplitCount, @Nullable Double deviceMemoryScaling,
                             @Nullable Double deviceCoreScaling, @Nullable String operatingMode,
                             List<String> filterUuids, List<Integer> filterIndexes) {

    public NodeConfigSpec {
        filterUuids = List.copyOf(filterUuids);
        filterIndexes = List.copyOf(filterIndexes);
        if (deviceSplitCount != null && deviceSplitCount <= 0) {
            throw new IllegalArgumentException("nodeConfig " + name + ": deviceSplitCount must be > 0");
        }
        if (deviceMemoryScaling != null && !(deviceMemoryScaling > 0)) {
            throw new IllegalArgumentException("nodeConfig " + name + ": deviceMemoryScaling must be > 0");
        }
        if (deviceCoreScaling != null && !(deviceCoreScaling > 0)) {
            throw new IllegalArgumentException("nodeConfig " + name + ": deviceCoreScaling must be > 0");
        }
    }
}
