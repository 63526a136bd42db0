package io.gpulab.app.gui.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpulab.app.gui.fx.CurrentThreadTaskExecutor;
import io.gpulab.engine.api.CommandResult;
import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.LabEvent;
import io.gpulab.engine.api.LabListener;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.PodTrace;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Events pushed by a live backend reach the event list even when their snapshot is not newer. */
class LiveEventsTest {

    /** A backend that pushes whatever the test says; its snapshot is always the same version. */
    static final class PushingBackend implements LabBackend {
        final LabSnapshot snapshot = Fixtures.articleAfterFourPods(false);
        final List<LabListener> listeners = new ArrayList<>();

        @Override
        public String id() {
            return "cluster";
        }

        @Override
        public LabSnapshot snapshot() {
            return snapshot;
        }

        @Override
        public List<LabEvent> events() {
            return List.of();
        }

        @Override
        public CommandResult execute(LabCommand command) {
            return CommandResult.refused("no");
        }

        @Override
        public PodTrace trace(String tenant, String podKey) {
            throw new UnsupportedOperationException();
        }

        @Override
        public AutoCloseable subscribe(LabListener listener) {
            listeners.add(listener);
            return () -> listeners.remove(listener);
        }

        @Override
        public void close() {
        }
    }

    @Test
    void eventsAnnouncedWithTheSnapshotTheViewAlreadyHoldsAreNotDropped() throws Exception {
        PushingBackend backend = new PushingBackend();
        String source = io.gpulab.engine.scenario.BuiltinScenarios.source("article");
        OpenedLab opened = new OpenedLab(backend, new io.gpulab.engine.scenario.RecordedScenario.Origin(source,
                new io.gpulab.engine.scenario.ScenarioReader().load("article")));
        LabOpener opener = s -> opened;
        WorkbenchViewModel vm = new WorkbenchViewModel(opened, opener, (a, d) -> false,
                new CurrentThreadTaskExecutor(), Runnable::run);
        LabEvent e = new LabEvent(1, Fixtures.T0, "tenant-a", "Pod/default/gpu-pod-4", "Warning", "FilteringFailed",
                "0/1 nodes are available", "hami-scheduler");
        // the view already shows this version (e.g. it re-read the snapshot after a command)
        backend.listeners.forEach(l -> l.changed(backend.snapshot(), List.of(e)));
        assertEquals(List.of(e), List.copyOf(vm.events()));
        backend.listeners.forEach(l -> l.changed(backend.snapshot(), List.of(e)));
        assertEquals(1, vm.events().size(), "an event announced twice is listed once");
        vm.close();
    }
}
