package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.admissionregistration.v1.MutatingWebhookConfigurationBuilder;
import io.fabric8.kubernetes.client.NamespacedKubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.http.Dispatcher;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Tenant API servers that answer a tenant's first request (the read of HAMi's webhook configuration, the first thing
 * a tenant's connect asks), and its retries, only once every one of them has received it: a barrier. Connects made
 * one after another can never get their answers (the first waits for a request the next would send only after it),
 * so the read fails on the client and that tenant's webhook policy reads {@code Unknown}; connects made in parallel
 * all get theirs and read the policy the servers hold ({@code Fail}). No clock is asserted; the barrier's wait is
 * bounded only against a hang ({@link Await#BOUND}).
 */
final class BarrierTenants implements AutoCloseable {

    private final CountDownLatch allArrived;
    private final List<Server> servers = new ArrayList<>();

    BarrierTenants(int count) {
        allArrived = new CountDownLatch(count);
        for (int i = 0; i < count; i++) {
            servers.add(new Server());
        }
    }

    List<String> urls() {
        return servers.stream().map(s -> s.client.getConfiguration().getMasterUrl()).toList();
    }

    @Override
    public void close() {
        servers.forEach(Server::close);
    }

    private final class Server implements AutoCloseable {
        private final KubernetesCrudDispatcher crud = new KubernetesCrudDispatcher();
        private final AtomicBoolean arrived = new AtomicBoolean();
        private final KubernetesMockServer server;
        private final NamespacedKubernetesClient client;

        Server() {
            Dispatcher held = new Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest r) {
                    if ("GET".equals(r.getMethod()) && r.getPath().contains("/mutatingwebhookconfigurations")) {
                        if (arrived.compareAndSet(false, true)) {
                            allArrived.countDown();
                        }
                        // a retry after the client's timeout is held too: only the others' arrival answers it
                        try {
                            if (!allArrived.await(Await.BOUND.toMillis(), TimeUnit.MILLISECONDS)) {
                                return new MockResponse().setResponseCode(503);   // the hang guard only
                            }
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            return new MockResponse().setResponseCode(503);
                        }
                    }
                    return crud.dispatch(r);
                }
            };
            server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(), held, true);
            server.init(java.net.InetAddress.getLoopbackAddress(), 0);
            client = MockLab.testClient(server);
            client.nodes().resource(MockLab.node("worker", Map.of(), 10)).create();
            client.admissionRegistration().v1().mutatingWebhookConfigurations().resource(
                    new MutatingWebhookConfigurationBuilder().withNewMetadata().withName("hami-webhook").endMetadata()
                            .addNewWebhook().withName("vgpu.hami.io").withFailurePolicy("Fail").endWebhook().build())
                    .create();
        }

        @Override
        public void close() {
            allArrived.countDown();   // a server closed before the others arrived must not hold its thread
            client.close();
            server.destroy();
        }
    }
}
