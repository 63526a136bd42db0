package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The clients and threads the cluster backend starts: clients that give up in seconds, and daemon pools that never
 * hold the JVM open nor keep an idle thread once the lab is connected.
 */
final class ClusterClients {

    private static final int FAST_RETRIES = 2;
    private static final int CONNECT_TIMEOUT_MILLIS = 5000;
    private static final int REQUEST_TIMEOUT_MILLIS = 10_000;

    private ClusterClients() {
    }

    /**
     * A wrong address should answer in seconds, not after fabric8's ten retries with backoff.
     *
     * @throws ClusterException with one sentence when the client cannot be built (e.g. an unusable key)
     */
    static KubernetesClient client(Config cfg) {
        cfg.setRequestRetryBackoffLimit(FAST_RETRIES);
        cfg.setConnectionTimeout(CONNECT_TIMEOUT_MILLIS);
        cfg.setRequestTimeout(REQUEST_TIMEOUT_MILLIS);
        try {
            return new KubernetesClientBuilder().withConfig(cfg).build();
        } catch (RuntimeException e) {
            throw new ClusterException("cannot build a client for " + cfg.getMasterUrl() + ": "
                    + ClientErrors.sentence(e), e);
        }
    }

    static ExecutorService daemonPool(int threads, String name) {
        AtomicInteger n = new AtomicInteger();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads,
                1, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
                    Thread t = new Thread(r, name + "-" + n.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
        pool.allowCoreThreadTimeOut(true);   // idle after connecting: no thread kept for nothing
        return pool;
    }
}
