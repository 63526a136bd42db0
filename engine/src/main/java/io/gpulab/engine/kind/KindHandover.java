package io.gpulab.engine.kind;

import io.gpulab.engine.api.CommandResult;
import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.LabEvent;
import io.gpulab.engine.api.LabListener;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.PodTrace;
import java.util.List;

/** The cluster backend on a lab kind built, reporting itself as {@code kind} in snapshots. */
final class KindHandover implements LabBackend {

    private final LabBackend cluster;

    KindHandover(LabBackend cluster) {
        this.cluster = cluster;
    }

    @Override
    public String id() {
        return "kind";
    }

    @Override
    public LabSnapshot snapshot() {
        return relabel(cluster.snapshot());
    }

    private static LabSnapshot relabel(LabSnapshot s) {
        return new LabSnapshot(s.version(), "kind", s.scenario(), s.now(), s.management(), s.tenants(), s.lifecycle());
    }

    @Override
    public java.util.Optional<String> unreadable() {
        return cluster.unreadable();
    }

    @Override
    public List<LabEvent> events() {
        return cluster.events();
    }

    @Override
    public CommandResult execute(LabCommand command) {
        return cluster.execute(command);
    }

    @Override
    public PodTrace trace(String tenant, String podKey) {
        return cluster.trace(tenant, podKey);
    }

    @Override
    public AutoCloseable subscribe(LabListener listener) {
        return cluster.subscribe((s, e) -> listener.changed(relabel(s), e));
    }

    @Override
    public void close() {
        cluster.close();
    }
}
