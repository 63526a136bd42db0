package io.gpulab.engine.plan;

import java.nio.file.Path;
import java.util.List;

/** The workload as the plan file states it; {@link WorkloadResolver} turns it into pods. */
public sealed interface WorkloadSpec {

    /** One line for reports, e.g. {@code 3 pod templates} (the pod count is reported beside it). */
    String describe();

    /** Pod templates with counts. */
    record Templates(List<PodTemplate> templates) implements WorkloadSpec {
        public Templates {
            templates = List.copyOf(templates);
        }

        public String describe() {
            return templates.size() + " pod template" + (templates.size() == 1 ? "" : "s");
        }
    }

    /** The submits (and deletes and clock advances) of a scenario, by built-in name or path. */
    record ScenarioSubmits(String scenario) implements WorkloadSpec {
        public String describe() {
            return "the submits of scenario " + scenario;
        }
    }

    /**
     * An openb pod list with an arrival model.
     *
     * @param pods     the pod list CSV
     * @param nodes    the node list CSV (the trace's own cluster: the capacity {@code inflate} refers to), or
     *                 {@code null}
     * @param arrivals {@code trace} or {@code fgd}
     * @param inflate  fgd: requested GPU as a multiple of the trace cluster's GPU capacity
     * @param seed     fgd: the shuffle's seed
     */
    record Openb(Path pods, @org.jspecify.annotations.Nullable Path nodes, String arrivals, double inflate,
                 long seed) implements WorkloadSpec {
        public String describe() {
            return "openb trace " + pods.getFileName() + " (" + arrivals
                    + ("fgd".equals(arrivals) ? ", inflate " + inflate + ", seed " + seed : "") + ")";
        }
    }

    /** The GPU pods of a live cluster (read only, through {@code --kubeconfig}). */
    record Cluster(boolean pendingOnly) implements WorkloadSpec {
        public String describe() {
            return pendingOnly ? "the pending GPU pods of a live cluster" : "the GPU pods of a live cluster";
        }
    }
}
