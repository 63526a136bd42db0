package io.gpulab.engine.scenario;

import io.gpulab.engine.lab.LabSpec;

import java.util.List;

/**
 * A parsed, validated scenario: the lab to build and the steps to run against it.
 *
 * @param source where it came from (file path or {@code builtin:NAME}), used in messages
 */
public record Scenario(String source, LabSpec lab, List<Step> steps) {

    public Scenario {
        steps = List.copyOf(steps);
    }

    public String name() {
        return lab.name();
    }

    /**
     * What the lab's HAMi settings say that a real HAMi v2.10 deployment would not do (e.g. a chart
     * {@code nodeLockExpire} the scheduler overwrites), then what its Kamaji half states that gpulab does not model
     * or Kubernetes does not support (a kubelet outside the version-skew policy), one sentence each; empty when none.
     */
    public List<String> warnings() {
        List<String> out = new java.util.ArrayList<>(HamiWarnings.of(lab));
        out.addAll(KamajiWarnings.of(lab));
        return out;
    }

    /** How many steps check something. */
    public long checkCount() {
        return steps.stream().filter(Step::isCheck).count();
    }
}
