package io.gpulab.engine.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The supervision rounds of one informer, run by the test (no supervisor thread, no timing): a cache that misses an
 * update the server has (a watch that reconnected between two polls, from a server that did not replay the gap) is
 * re-listed although no object was added or deleted; a difference that an event settles before the second look is
 * not.
 */
@EnableKubernetesMockClient(crud = true)
class RelistingInformerTest {

    KubernetesClient client;

    /** The server as the comparison sees it: the real list, rewritten by {@link #view}. */
    private volatile UnaryOperator<List<Pod>> view = UnaryOperator.identity();
    private final AtomicInteger listed = new AtomicInteger();

    @Test
    void aMissedUpdateWithTheSameNamesIsRelisted() throws Exception {
        AtomicInteger relists = new AtomicInteger();
        try (RelistingInformer<Pod> pods = informer(relists)) {
            view = missedUpdate();   // "a" was updated on the server; the cache never heard of it
            int rounds = 0;
            while (relists.get() == 0 && rounds++ < 10_000) {
                pods.supervise();
                Thread.sleep(rounds > 20 ? 5 : 0);   // past the comparisons, the fresh informer lists on its own threads
            }
            assertEquals(1, relists.get(), "the cache that missed an update was re-listed");
            assertTrue(rounds > 2, "not on the first difference: it is looked at twice");
        }
    }

    @Test
    void aDifferenceGoneAtTheSecondLookIsNotRelisted() throws Exception {
        AtomicInteger relists = new AtomicInteger();
        try (RelistingInformer<Pod> pods = informer(relists)) {
            UnaryOperator<List<Pod>> once = missedUpdate();
            view = list -> {
                view = UnaryOperator.identity();   // the event arrives before the second look
                return once.apply(list);
            };
            for (int i = 0; i < 40; i++) {
                pods.supervise();
            }
            assertTrue(listed.get() >= 2, "compared at least twice: " + listed.get());
            assertEquals(0, relists.get());
        }
    }

    private RelistingInformer<Pod> informer(AtomicInteger relists) throws Exception {
        client.pods().inNamespace("default").resource(new PodBuilder().withNewMetadata().withName("a")
                .withNamespace("default").endMetadata().build()).create();
        RelistingInformer<Pod> pods = new RelistingInformer<>("pods",
                () -> client.pods().inAnyNamespace().runnableInformer(0), new ResourceEventHandler<>() {
                    @Override
                    public void onAdd(Pod obj) {
                    }

                    @Override
                    public void onUpdate(Pod oldObj, Pod newObj) {
                    }

                    @Override
                    public void onDelete(Pod obj, boolean deletedFinalStateUnknown) {
                    }
                }, relists::incrementAndGet, () -> {
                    listed.incrementAndGet();
                    return view.apply(client.pods().inAnyNamespace().list().getItems());
                }, 1);
        pods.started().get(2, TimeUnit.MINUTES);
        assertTrue(Await.until(pods::watching), "watching after the first list");
        return pods;
    }

    private static UnaryOperator<List<Pod>> missedUpdate() {
        return list -> list.stream().map(p -> new PodBuilder(p).editMetadata().withResourceVersion("999999")
                .endMetadata().build()).toList();
    }
}
