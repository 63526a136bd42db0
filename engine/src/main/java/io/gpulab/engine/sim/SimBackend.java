package io.gpulab.engine.sim;

import io.gpulab.engine.api.CommandResult;
import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.LabEvent;
import io.gpulab.engine.api.LabListener;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.PodTrace;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.lab.LabSpec;
import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The {@code sim} backend: the whole lab in-process on a virtual clock that starts at
 * 2026-01-01T00:00:00Z. Commands run one at a time, in call order, on the calling thread under the
 * backend's lock (that lock is the "command thread"); identical specs and command sequences give
 * identical snapshots and event logs. Listeners are called through the injected executor, in order and
 * never concurrently per listener.
 */
public final class SimBackend implements LabBackend {

    private final LabSpec spec;
    private final ReentrantLock lock = new ReentrantLock();
    private final LabListeners listeners;
    private SimLab lab;
    private Commands commands;
    private boolean closed;
    private volatile @Nullable LabSnapshot published;

    private SimBackend(LabSpec spec, Executor listenerExecutor, Recording recording) {
        this.spec = spec;
        this.listeners = new LabListeners(listenerExecutor);
        this.lab = new SimLab(spec, 1, recording);
        this.commands = new Commands(lab);
    }

    /**
     * Builds the lab; listeners are called on the calling thread.
     *
     * @throws IllegalArgumentException when a worker names an unknown card model (the message names
     *                                  tenant, worker and model)
     */
    public static SimBackend start(LabSpec spec) {
        return start(spec, Runnable::run);
    }

    /** As {@link #start(LabSpec)}, dispatching listener calls through {@code listenerExecutor}. */
    public static SimBackend start(LabSpec spec, Executor listenerExecutor) {
        return new SimBackend(spec, listenerExecutor, Recording.FULL);
    }

    /**
     * As {@link #start(LabSpec)}, keeping only what {@code recording} says: a plan's replays, whose figures read no
     * event, trace or text, start their labs with {@link Recording#FIGURES}.
     */
    public static SimBackend start(LabSpec spec, Recording recording) {
        return new SimBackend(spec, Runnable::run, recording);
    }

    /**
     * Test hook: this lab filters every pod with the plain {@code HamiFilter.filter} instead of the incremental
     * {@link FitIndex}, so a test can prove both give identical labs. A reset drops it.
     */
    static SimBackend startReference(LabSpec spec) {
        SimBackend b = new SimBackend(spec, Runnable::run, Recording.FULL);
        b.lab.useReferenceFilter();
        return b;
    }

    /**
     * Test hook: every retry sweep of this lab attempts every pending pod, none parked ({@link PendingQueue}), so a
     * test can prove the parked queue gives identical labs. A reset drops it.
     */
    static SimBackend startPlainRetries(LabSpec spec) {
        SimBackend b = new SimBackend(spec, Runnable::run, Recording.FULL);
        b.lab.usePlainRetries();
        return b;
    }

    /** The lab itself, for tests of the package. */
    SimLab lab() {
        return lab;
    }

    @Override
    public String id() {
        return "sim";
    }

    public LabSpec spec() {
        return spec;
    }

    /**
     * The latest state. While another thread's command is running this returns the snapshot from before
     * that command (never a half-applied one) instead of blocking, so a GUI thread never waits on a replay.
     */
    @Override
    public LabSnapshot snapshot() {
        LabSnapshot last = published;
        if (last != null && !lock.tryLock()) {
            return last;
        }
        if (last == null) {
            lock.lock();
        }
        try {
            LabSnapshot s = lab.snapshot();
            published = s;
            return s;
        } finally {
            lock.unlock();
        }
    }

    /** The virtual clock, read without a snapshot: a run records it after every step. */
    @Override
    public java.time.Instant now() {
        return locked(() -> lab.now());
    }

    /** The pod's current view straight from its tenant's store: no snapshot of every other pod is built. */
    @Override
    public Optional<PodView> pod(String tenant, String podKey) {
        return pod(tenant, podKey, true);
    }

    @Override
    public Optional<PodView> pod(String tenant, String podKey, boolean perNode) {
        return locked(() -> PodReads.view(lab, tenant, podKey, perNode));
    }

    @Override
    public Optional<io.gpulab.engine.api.PlainReason> plainReason(String tenant, String podKey) {
        return locked(() -> PodReads.plainReason(lab, tenant, podKey));
    }

    @Override
    public java.util.OptionalLong gpuAllocatedMilli() {
        return java.util.OptionalLong.of(allocatedMilli());
    }

    /**
     * GPU-milli allocated over every tenant, equal to {@code LabMetrics.of(snapshot()).gpuAllocation().used()} but
     * kept as nodes change, so reading it costs nothing per pod (the allocation curves of runs and plans sample it).
     */
    public long allocatedMilli() {
        lock.lock();
        try {
            long sum = 0;
            for (SimTenant t : lab.tenants().values()) {
                sum += t.allocatedMilli();
            }
            return sum;
        } finally {
            lock.unlock();
        }
    }

    /**
     * What a replay's figures read, without a snapshot: every tenant's node views (tenants and nodes in lab order, as
     * {@link #snapshot()} lists them) and each listed pod's phase and reason (as its {@link PodView} gives them). The
     * pods' views, with their allocations, annotations and texts, are not built.
     */
    public void figures(java.util.function.Consumer<io.gpulab.engine.api.NodeView> node,
                        java.util.function.BiConsumer<String, String> pod) {
        lock.lock();
        try {
            for (SimTenant t : lab.tenants().values()) {
                t.nodeViews(t.hami.nodeLockTimeout()).forEach(node);
                for (SimPod p : t.pods.values()) {
                    pod.accept(p.phase, p.reason);
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /** HAMi's inputs for one pod, or empty for an unknown tenant or pod. */
    public Optional<HamiInputs> hamiInputs(String tenant, String podKey) {
        return locked(() -> PodReads.hamiInputs(lab, tenant, podKey));
    }

    @Override
    public List<LabEvent> events() {
        return locked(() -> List.copyOf(lab.log().all()));
    }

    @Override
    public CommandResult execute(LabCommand command) {
        CommandResult result;
        LabSnapshot snap;
        lock.lock();
        try {
            if (closed) {
                return CommandResult.refused("the lab is closed");
            }
            if (command instanceof LabCommand.Reset) {
                rebuild(spec);
                result = CommandResult.ok(lab.log().since(0));
            } else if (command instanceof LabCommand.Redesign r) {
                // the design changes, not the scenario: Reset keeps returning to the lab as opened
                rebuild(r.lab());
                result = new CommandResult(true, r.change(), lab.log().since(0));
            } else {
                try {
                    result = commands.apply(command);
                } catch (IllegalArgumentException e) {
                    return CommandResult.refused(e.getMessage());
                }
            }
            snap = snapshotToPublish();
        } finally {
            lock.unlock();
        }
        publish(snap, result);
        return result;
    }

    /** Under the lock: a new lab of {@code design}, recording and explaining as the one it replaces. */
    private void rebuild(LabSpec design) {
        java.util.@Nullable Set<String> explained = lab.explained();
        lab = new SimLab(design, lab.version() + 1, lab.recording());
        if (explained != null) {
            lab.explain(explained);
        }
        commands = new Commands(lab);
    }

    /** Under the lock: the snapshot the listeners will be told of, kept as the published one; null without listeners. */
    private @Nullable LabSnapshot snapshotToPublish() {
        LabSnapshot snap = listeners.isEmpty() ? null : lab.snapshot();
        if (snap != null) {
            published = snap;
        }
        return snap;
    }

    /** After the lock: every listener gets the snapshot and the command's events, on its own dispatcher. */
    private void publish(@Nullable LabSnapshot snap, CommandResult result) {
        if (snap != null) {
            listeners.tell(snap, result.events());
        }
    }

    /**
     * What one submit did to its pod.
     *
     * @param accepted whether the command was accepted (else {@code refusal} says why, as {@link #execute} would)
     * @param attempt  1 when a scheduler bound the pod (its Scheduled event), -1 when its scheduling attempt failed
     *                 (FailedScheduling), 0 when no scheduler decided (see the pod)
     */
    public record Submitted(boolean accepted, int attempt, String refusal) { }

    /**
     * Submits a pod read once ({@link ReadPod}): the {@code SubmitPod} command without reading its manifest again,
     * answering with the pod's scheduling outcome, which a lab without texts ({@link Recording#FIGURES}) has no events
     * to tell. Listeners are told as after {@link #execute}.
     */
    public Submitted submit(String tenant, ReadPod pod) {
        CommandResult result;
        Submitted out;
        LabSnapshot snap;
        lock.lock();
        try {
            if (closed) {
                return new Submitted(false, 0, "the lab is closed");
            }
            try {
                result = commands.submit(tenant, pod);
            } catch (IllegalArgumentException e) {
                return new Submitted(false, 0, String.valueOf(e.getMessage()));
            }
            SimPod p = lab.tenant(tenant).pods.get(pod.key());
            out = new Submitted(true, p == null ? 0 : p.attempt, "");
            snap = snapshotToPublish();
        } finally {
            lock.unlock();
        }
        publish(snap, result);
        return out;
    }

    @Override
    public PodTrace trace(String tenant, String podKey) {
        return locked(() -> PodReads.trace(lab, tenant, podKey));
    }

    @Override
    public void explainDecisions(java.util.Set<String> podKeys) {
        locked(() -> {
            lab.explain(podKeys);
            return null;
        });
    }

    /**
     * The tenant's API server as {@code kubectl} with that tenant's kubeconfig sees it.
     *
     * @throws IllegalArgumentException for an unknown tenant
     */
    public TenantApiServer apiServer(String tenant) {
        lock.lock();
        try {
            SimTenant t = lab.tenant(tenant);
            List<LabEvent> own = lab.log().all().stream().filter(e -> e.tenant().equals(tenant)).toList();
            return new TenantApiServer(t.view(t.hami.nodeLockTimeout()), own);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public AutoCloseable subscribe(LabListener listener) {
        return listeners.add(listener);
    }

    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            listeners.clear();
        } finally {
            lock.unlock();
        }
    }

    /** {@code read} under the lab's lock. */
    private <T> T locked(java.util.function.Supplier<T> read) {
        lock.lock();
        try {
            return read.get();
        } finally {
            lock.unlock();
        }
    }
}
