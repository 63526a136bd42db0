package io.gpulab.scheduler.bench;

import io.gpulab.scheduler.model.DeviceInfo;
import io.gpulab.scheduler.model.DeviceUsage;
import io.gpulab.scheduler.model.NodeInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** A seeded random fleet: each node one card model, cards split over two NUMA nodes, about 1% unhealthy. */
public final class FleetGenerator {

    private static final String[] TYPES = {"NVIDIA A100-SXM4-80GB", "NVIDIA A100-PCIE-40GB", "NVIDIA L4",
        "NVIDIA Tesla T4", "NVIDIA H100 80GB HBM3", "NVIDIA"};
    private static final int[] MEM = {81920, 40960, 23034, 15360, 81559, 24576};

    private FleetGenerator() {
    }

    public static List<NodeInfo> generate(int nodes, int cardsPerNode, Random rnd) {
        List<NodeInfo> out = new ArrayList<>(nodes);
        int width = Integer.toString(nodes).length();
        for (int n = 0; n < nodes; n++) {
            String name = "node-" + String.format("%0" + width + "d", n);
            int model = rnd.nextInt(TYPES.length);
            List<DeviceUsage> cards = new ArrayList<>(cardsPerNode);
            for (int c = 0; c < cardsPerNode; c++) {
                String id = "GPU-" + n + "-" + c;
                int numa = c < (cardsPerNode + 1) / 2 ? 0 : 1;
                boolean healthy = rnd.nextInt(100) != 0;
                cards.add(DeviceUsage.idle(new DeviceInfo(id, c, 10, MEM[model], 100, TYPES[model], numa,
                        DeviceInfo.DEFAULT_MODE, healthy)));
            }
            out.add(new NodeInfo(name, Map.of(), cards));
        }
        return out;
    }
}
