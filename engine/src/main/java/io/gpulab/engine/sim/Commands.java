package io.gpulab.engine.sim;

import io.gpulab.engine.api.CommandResult;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.PodTrace.Outcome;
import io.gpulab.engine.lab.HamiSettings;
import io.gpulab.mockgpu.plugin.LifecycleMode;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Applies one {@link LabCommand} to a {@link SimLab}. Every command is validated before anything
 * changes, so a refused command leaves the lab exactly as it was.
 */
final class Commands {

    private final SimLab lab;
    private final Faults faults;
    private final KamajiFaults kamaji;

    Commands(SimLab lab) {
        this.lab = lab;
        this.faults = new Faults(lab);
        this.kamaji = new KamajiFaults(lab);
    }

    /** @throws IllegalArgumentException for an invalid command (the caller turns it into a refusal) */
    CommandResult apply(LabCommand command) {
        return run(() -> dispatch(command));
    }

    private CommandResult run(java.util.function.Supplier<String> command) {
        int mark = lab.log().size();
        String message;
        try {
            message = command.get();
        } catch (IllegalArgumentException e) {
            throw e; // refused before anything changed
        } catch (RuntimeException e) {
            lab.touched(); // a bug mid-command: never serve a cached snapshot of the state before it
            throw e;
        }
        lab.touched();
        return new CommandResult(true, message, lab.log().since(mark));
    }

    // Java 17: no pattern matching for switch yet
    private String dispatch(LabCommand command) {
        if (command instanceof LabCommand.SubmitPod c) {
            return submit(lab.tenant(c.tenant()), c);
        } else if (command instanceof LabCommand.DeletePod c) {
            return delete(lab.tenant(c.tenant()), c.podKey());
        } else if (command instanceof LabCommand.Advance c) {
            return advance(c.by());
        } else if (command instanceof LabCommand.Unlock c) {
            return faults.unlock(lab.tenant(c.tenant()), c.node());
        } else if (command instanceof LabCommand.TakeLock c) {
            return faults.takeLock(lab.tenant(c.tenant()), c.node(), c.holder(), c.value());
        } else if (command instanceof LabCommand.ReleaseLock c) {
            return faults.releaseLock(lab.tenant(c.tenant()), c.node(), c.holder());
        } else if (command instanceof LabCommand.LockPatchFault c) {
            return faults.lockPatchFault(lab.tenant(c.tenant()), c.node(), c.kind(), c.times(), c.holder(), c.value());
        } else if (command instanceof LabCommand.SetKonnectivity c) {
            return faults.konnectivity(lab.tenant(c.tenant()), c.up());
        } else if (command instanceof LabCommand.SetCardHealth c) {
            return faults.cardHealth(lab.tenant(c.tenant()), c.cardId(), c.healthy());
        } else if (command instanceof LabCommand.RestartPlugin c) {
            return faults.restartPlugin(lab.tenant(c.tenant()), c.node());
        } else if (command instanceof LabCommand.SetLifecycle c) {
            return lifecycle(c.mode());
        } else if (command instanceof LabCommand.SetWebhookFailurePolicy c) {
            return failurePolicy(lab.tenant(c.tenant()), c.policy());
        } else if (command instanceof LabCommand.SetDataStoreMember c) {
            return kamaji.dataStoreMember(c.dataStore(), c.member(), c.up());
        } else if (command instanceof LabCommand.LoseTcpReplica c) {
            return kamaji.loseReplica(lab.tenant(c.tenant()), c.pod());
        } else if (command instanceof LabCommand.SetManagementNode c) {
            return kamaji.managementNode(c.node(), c.state());
        } else if (command instanceof LabCommand.RestartKonnectivityServer c) {
            return kamaji.restartKonnectivity(lab.tenant(c.tenant()));
        } else if (command instanceof LabCommand.SetWritePermissions c) {
            return kamaji.writePermissions(lab.tenant(c.tenant()), new io.gpulab.engine.lab.ControlPlaneSpec
                    .WritePermissions(c.blockCreation(), c.blockUpdate(), c.blockDeletion()));
        } else if (command instanceof LabCommand.ScaleControlPlane c) {
            return kamaji.scale(lab.tenant(c.tenant()), c.replicas());
        } else if (command instanceof LabCommand.SetDataStoreAccess c) {
            return kamaji.dataStoreAccess(lab.tenant(c.tenant()), c.granted());
        } else if (command instanceof LabCommand.SetControlPlaneComponent c) {
            return kamaji.component(lab.tenant(c.tenant()), c.component(), c.up());
        } else if (command instanceof LabCommand.SetKubelet c) {
            return kubelet(lab.tenant(c.tenant()), c.node(), c.up());
        } else if (command instanceof LabCommand.UpgradeControlPlane c) {
            return kamaji.upgrade(lab.tenant(c.tenant()), c.version());
        }
        throw new IllegalArgumentException("unsupported command " + command.getClass().getSimpleName());
    }

    private String submit(SimTenant t, LabCommand.SubmitPod c) {
        ParsedPod parsed;
        try {
            parsed = PodManifests.parse(c.manifest());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(t.name + ": " + e.getMessage(), e);
        }
        return submit(t, parsed, null);
    }

    /**
     * A pod submitted as already read ({@link ReadPod}): what {@code SubmitPod} does after parsing its manifest.
     *
     * @throws IllegalArgumentException for an invalid command (the caller turns it into a refusal)
     */
    CommandResult submit(String tenant, ReadPod pod) {
        return run(() -> {
            SimTenant t = lab.tenant(tenant);
            if (pod.error() != null) {
                throw new IllegalArgumentException(t.name + ": " + pod.error());
            }
            return submit(t, pod.parsed(), pod);
        });
    }

    private String submit(SimTenant t, ParsedPod parsed, @org.jspecify.annotations.Nullable ReadPod read) {
        String key = read != null ? read.key() : parsed.info().key();
        SimPod existing = t.pods.get(key);
        // no kube-apiserver ready: the connection is refused before anything else is looked at
        String refused = t.tcp.connectionRefusal(lab.now());
        String storage = t.tcp.storageRefusal();
        boolean stored = storage == null;
        if (refused == null && stored && existing != null && !SimPod.REJECTED.equals(existing.phase)) {
            // the API server's Status text; nothing is created and the existing pod is left as it is
            throw new IllegalArgumentException(t.name + ": Error from server (AlreadyExists): pods \""
                    + parsed.info().name() + "\" already exists");
        }
        Admission.Outcome adm = refused != null ? null : Admission.admit(t, parsed, t.cfg, t.hami.webhookSettings(), read);
        ParsedPod as = adm == null ? parsed : adm.parsed();
        SimPod p = new SimPod(lab.log(), t.name, lab.nextPodSeq(), lab.now(), as.info(),
                adm == null ? "" : adm.schedulerName(), as.kubeRequests());
        if (existing != null && (refused != null || !stored) && !SimPod.REJECTED.equals(existing.phase)) {
            // the refused create never reached the stored pod: it stays as it was
            throw new IllegalArgumentException(t.name + ": " + (refused != null ? refused : storage));
        }
        if (existing != null) {
            t.pods.remove(key);
        }
        t.pods.put(key, p);
        t.deleted.remove(key);
        if (refused != null) {
            Map<String, String> ev = new LinkedHashMap<>();
            ev.put("apiServer", "https://" + t.tcp.endpoint);
            ev.put("error", refused);
            ev.put("control plane", t.tcp.status + ", " + t.tcp.readyCount(lab.now()) + "/" + t.tcp.spec.replicas()
                    + " replicas ready");
            p.step("create", Outcome.FAILED, "no kube-apiserver of " + t.name + " answered: the connection was "
                    + "refused", ev);
            return refuse(t, p, "ConnectionRefused", refused);
        }
        boolean texts = lab.texts();
        if (stored && texts) {
            // the create step (apiServer, datastore key) is made when the trace is read: SimPod.steps
            p.created(lab.log().share("https://" + t.tcp.endpoint), lab.log().share(t.tcp.storageKeyPrefix()));
        }
        if (!adm.admitted()) {
            p.phase = SimPod.REJECTED;
            // the API server's status reason: Forbidden for the webhook's denial, InternalError for a failed call
            p.reason = adm.error().startsWith("Error from server (Forbidden)") ? "Forbidden" : "InternalError";
            p.message = adm.error();
            p.step("admission", Outcome.FAILED, adm.summary(), adm.evidence());
            t.changed();
            return adm.error();
        }
        try {
            PodManifests.requireContainers(adm.parsed());
        } catch (IllegalArgumentException e) {
            // validation runs after mutating admission: reached only when the webhook did not see the pod
            p.phase = SimPod.REJECTED;
            p.reason = "Invalid";
            p.message = "The " + e.getMessage();
            p.step("admission", Outcome.FAILED, adm.summary() + "; then validation refused the pod",
                    Map.of("error", p.message));
            t.changed();
            return p.message;
        }
        Map<String, String> admitted = new LinkedHashMap<>();
        if (texts) {
            adm.evidence().forEach((k, v) -> admitted.put(lab.log().share(k), lab.log().share(v)));
        }
        String limited = t.tcp.writeRefusal("create", p.namespace());
        if (limited != null) {
            // validating admission runs after the mutating webhooks: Kamaji's write-permissions webhook denies it
            admitted.put("error", limited);
            admitted.put("writePermissions", t.tcp.spec.writePermissions().text());
            p.step("admission", Outcome.FAILED, adm.summary() + "; then " + io.gpulab.engine.kamaji.ApiErrors.WRITE_WEBHOOK
                    + " denied the create (writePermissions " + t.tcp.spec.writePermissions().text() + ")", admitted);
            return refuse(t, p, "Forbidden", limited);
        }
        if (texts) {
            p.step("admission", adm.mutated() ? Outcome.OK : Outcome.SKIPPED, lab.log().share(adm.summary()),
                    admitted);
        }
        if (!stored) {
            Map<String, String> ev = new LinkedHashMap<>();
            ev.put("apiServer", "https://" + t.tcp.endpoint);
            ev.put("datastore key", t.tcp.storageKeyPrefix() + key);
            ev.put("error", storage);
            ev.put("DataStore", t.tcp.ds.name() + ": " + t.tcp.ds.upCount(lab.management()) + " of "
                    + t.tcp.ds.spec.members().size() + " members up, " + t.tcp.ds.spec.quorum() + " needed");
            boolean quorum = t.tcp.ds.available(lab.management());
            if (quorum) {
                ev.put("etcd role", t.tcp.schema + ": no permission on /" + t.tcp.schema + "/ (revoked at "
                        + t.tcp.faults.accessRevokedSince + ")");
            }
            p.step("create", Outcome.FAILED, t.name + " API server could not store " + key + (quorum
                    ? ": etcd refused its role's access to /" + t.tcp.schema + "/" : ": its DataStore "
                    + t.tcp.ds.name() + " has no quorum"), ev);
            return refuse(t, p, quorum ? "DataStorePermissionDenied" : "DataStoreUnavailable", storage);
        }
        p.nodeName = adm.parsed().nodeName();
        lab.attempt(t, p);
        return "";
    }

    /** A create the tenant's API server refused: the pod is listed as Rejected with the client's text. */
    private static String refuse(SimTenant t, SimPod p, String reason, String message) {
        p.phase = SimPod.REJECTED;
        p.reason = reason;
        p.message = message;
        p.changed();
        t.changed();
        return message;
    }

    private String delete(SimTenant t, String podKey) {
        t.requireWrite(lab.now(), "delete", podKey.substring(0, podKey.indexOf('/')));
        SimPod p = t.pods.get(podKey);
        if (p == null || SimPod.REJECTED.equals(p.phase)) {
            throw new IllegalArgumentException(t.name + ": Error from server (NotFound): pods \"" + podKey
                    + "\" not found");
        }
        Map<String, String> ev = new LinkedHashMap<>();
        if (p.reservedOn != null) {
            p.reservation.forEach(s -> ev.put("returned " + s.uuid(), s.mem() + " MB, " + s.cores() + " cores, "
                    + Math.max(1, s.slots()) + " slot(s)"));
        }
        String node = p.boundTo != null ? p.boundTo.name : "";
        if (!node.isEmpty()) {
            SimNode n = p.boundTo;
            String lock = n.lockValue();
            if (lock != null && lock.endsWith("," + p.namespace() + "," + p.name())) {
                ev.put("node lock", "still on " + node + " (nobody releases it); the next bind takes it over as "
                        + "its holder is gone");
            }
            lab.event(t.name, "Pod/" + podKey, EventLog.NORMAL, "Killing", "Stopping container "
                    + p.admitted.containers().get(0).name(), "kubelet");
        }
        lab.releaseShare(t, p);
        t.pods.remove(podKey);
        t.deleted.put(podKey, p);
        p.phase = "Deleted";
        p.step("release", Outcome.OK, "deleted" + (node.isEmpty() ? "" : " from " + node)
                + (ev.isEmpty() ? "" : "; share returned to its card"), ev);
        lab.retryPending(t);
        return "";
    }

    private String kubelet(SimTenant t, String node, boolean up) {
        SimNode n = t.nodes.get(node);
        if (n == null) {
            throw new IllegalArgumentException(t.name + ": Error from server (NotFound): nodes \"" + node
                    + "\" not found");
        }
        String msg = t.lifecycle.kubelet(n, up);
        lab.management().settle();
        return msg;
    }

    private String advance(Duration by) {
        if (by.isNegative()) {
            throw new IllegalArgumentException("advance: duration must not be negative, got " + by);
        }
        // the control planes change at their own instants on the way (pods starting, probes failing, evictions)
        lab.management().advanceTo(lab.now().plus(by), lab.clock());
        // bind retries and lock expiry are time-driven: give every queue a turn
        lab.tenants().values().forEach(lab::retryPending);
        return "";
    }

    private String lifecycle(String mode) {
        LifecycleMode m = LifecycleMode.of(mode);
        lab.lifecycle(m);
        lab.event("", "DaemonSet/kube-system/hami-device-plugin", EventLog.NORMAL, "LifecycleChanged",
                "mock device plugin lifecycle is now " + m.id(), "gpulab");
        return "";
    }

    private String failurePolicy(SimTenant t, String policy) {
        HamiSettings.requireFailurePolicy(policy, "failurePolicy");
        t.failurePolicy = policy;
        t.changed();
        lab.event(t.name, "MutatingWebhookConfiguration/hami-webhook", EventLog.NORMAL, "Updated",
                "webhook " + Admission.WEBHOOK + " failurePolicy is now " + policy, "gpulab");
        return "";
    }
}
