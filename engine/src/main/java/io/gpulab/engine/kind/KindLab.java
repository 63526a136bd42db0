package io.gpulab.engine.kind;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code kind up}/{@code down}: runs the plan step by step with progress, skipping steps already done
 * (so a second {@code up} after a failure resumes), and removes exactly what carries the lab's label.
 */
public final class KindLab {

    private final KindLabConfig config;
    private final DockerOps ops;
    private final List<LabStep> steps;

    public KindLab(KindLabConfig config, DockerOps ops, KindVersions versions) {
        this.config = config;
        this.ops = ops;
        this.steps = KindPlan.steps(config, versions);
    }

    public List<LabStep> plan() {
        return steps;
    }

    /**
     * Brings the lab up and returns the management kubeconfig path for the cluster backend.
     *
     * @throws KindException from the first failing step (after reporting it as FAILED)
     */
    public Path up(Consumer<StepProgress> progress) {
        int i = 0;
        for (LabStep step : steps) {
            i++;
            try {
                if (step.done().test(ops)) {
                    progress.accept(new StepProgress(i, steps.size(), step.id(), step.title(),
                            StepProgress.State.SKIPPED, "already done"));
                    continue;
                }
                progress.accept(new StepProgress(i, steps.size(), step.id(), step.title(),
                        StepProgress.State.RUNNING, ""));
                step.apply().accept(ops);
                progress.accept(new StepProgress(i, steps.size(), step.id(), step.title(),
                        StepProgress.State.DONE, ""));
            } catch (RuntimeException e) {
                progress.accept(new StepProgress(i, steps.size(), step.id(), step.title(),
                        StepProgress.State.FAILED, String.valueOf(e.getMessage())));
                throw e instanceof KindException k ? k
                        : new KindException("step " + step.id() + " failed: " + e.getMessage(), e);
            }
        }
        return config.kubeconfigOut();
    }

    /** Removes the lab's labelled containers and networks and its kubeconfig; returns what was removed. */
    public List<String> down() {
        List<String> removed = new ArrayList<>(ops.removeLab(config.lab()));
        try {
            if (Files.deleteIfExists(config.kubeconfigOut())) {
                removed.add("file " + config.kubeconfigOut());
            }
        } catch (IOException e) {
            removed.add("could not delete " + config.kubeconfigOut() + ": " + e.getMessage());
        }
        return removed;
    }
}
