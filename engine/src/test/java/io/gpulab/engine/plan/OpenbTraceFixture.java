package io.gpulab.engine.plan;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A small openb trace for tests (engine's and the app's report tests): two T4 nodes, six pods that come and go. */
public final class OpenbTraceFixture {

    private OpenbTraceFixture() {
    }

    /** Writes {@code nodes.csv} and {@code pods.csv} into {@code dir}. */
    public static void write(Path dir) throws IOException {
        Files.writeString(dir.resolve("nodes.csv"), "sn,cpu_milli,memory_mib,gpu,model\n"
                + "n1,32000,131072,4,T4\nn2,32000,131072,4,T4\n");
        StringBuilder pods = new StringBuilder("name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,"
                + "creation_time,deletion_time,scheduled_time\n");
        for (int i = 0; i < 6; i++) {
            pods.append("p").append(i).append(",1000,2048,1,").append(200 + 100 * i).append(",,LS,Running,")
                    .append(10 * i).append(",").append(100 + 10 * i).append(",").append(10 * i).append('\n');
        }
        Files.writeString(dir.resolve("pods.csv"), pods);
    }
}
