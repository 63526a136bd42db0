package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * The management cluster's nodes, pods and DataStores, watched read-only like a tenant's objects
 * ({@link RelistingInformer}: re-listed after a reconnect, 401/403 never retried). The client belongs to the caller.
 */
final class ManagementWatch implements AutoCloseable {

    private static final long SUPERVISE_MILLIS = 250;
    private static final int RECONCILE_EVERY = 40;

    private final RelistingInformer<Node> nodes;
    private final RelistingInformer<Pod> pods;
    private final @Nullable RelistingInformer<GenericKubernetesResource> dataStores;
    private final ScheduledExecutorService supervisor;
    private final String server;

    /** @param withDataStores false when the cluster does not serve Kamaji's DataStore resource (said elsewhere) */
    ManagementWatch(KubernetesClient client, boolean withDataStores, Runnable onChange) {
        server = InformerProblems.server(client);
        nodes = new RelistingInformer<>("nodes", () -> client.nodes().runnableInformer(0),
                InformerHandlers.anyChange(onChange), onChange, () -> client.nodes().list().getItems(),
                RECONCILE_EVERY);
        pods = new RelistingInformer<>("pods", () -> client.pods().inAnyNamespace().runnableInformer(0),
                InformerHandlers.anyChange(onChange), onChange,
                () -> client.pods().inAnyNamespace().list().getItems(), RECONCILE_EVERY);
        dataStores = !withDataStores ? null : new RelistingInformer<>("datastores.kamaji.clastix.io",
                () -> client.genericKubernetesResources(KamajiResources.DATA_STORE).runnableInformer(0),
                InformerHandlers.anyChange(onChange), onChange,
                () -> client.genericKubernetesResources(KamajiResources.DATA_STORE).list().getItems(),
                RECONCILE_EVERY);
        supervisor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "gpulab-watch-management");
            t.setDaemon(true);
            return t;
        });
        supervisor.scheduleWithFixedDelay(() -> informers().forEach(i -> {
            try {
                i.supervise();
            } catch (RuntimeException e) {
                org.slf4j.LoggerFactory.getLogger(ManagementWatch.class).warn("management cluster: watching "
                        + i.what() + " failed once, retried on the next round", e);
            }
        }), SUPERVISE_MILLIS, SUPERVISE_MILLIS, TimeUnit.MILLISECONDS);
    }

    private List<RelistingInformer<?>> informers() {
        List<RelistingInformer<?>> all = new ArrayList<>(List.of(nodes, pods));
        if (dataStores != null) {
            all.add(dataStores);
        }
        return all;
    }

    /** Waits for every informer's first list, at most {@code millis}. */
    void awaitSynced(long millis) {
        try {
            CompletableFuture.allOf(informers().stream().map(RelistingInformer::started)
                    .toArray(CompletableFuture[]::new)).get(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            // said by problems()
        }
    }

    List<Node> nodes() {
        return new ArrayList<>(nodes.list());
    }

    List<Pod> pods() {
        return new ArrayList<>(pods.list());
    }

    List<GenericKubernetesResource> dataStores() {
        return dataStores == null ? List.of() : new ArrayList<>(dataStores.list());
    }

    /** Why the management view is incomplete now, one line each (as a tenant's). */
    List<String> problems() {
        return InformerProblems.of(server, informers()).stream().map(p -> "management cluster: " + p).toList();
    }

    @Override
    public void close() {
        supervisor.shutdownNow();
        informers().forEach(RelistingInformer::close);
    }
}
