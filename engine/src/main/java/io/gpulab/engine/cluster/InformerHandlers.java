package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import java.util.function.Consumer;

/** The one shape of informer handler the cluster backend uses: every add, update and delete is a change. */
final class InformerHandlers {

    private InformerHandlers() {
    }

    /** Calls {@code each} with the object added, the new state of one updated, or the one deleted. */
    static <T> ResourceEventHandler<T> each(Consumer<T> each) {
        return new ResourceEventHandler<>() {
            @Override
            public void onAdd(T obj) {
                each.accept(obj);
            }

            @Override
            public void onUpdate(T oldObj, T newObj) {
                each.accept(newObj);
            }

            @Override
            public void onDelete(T obj, boolean deletedFinalStateUnknown) {
                each.accept(obj);
            }
        };
    }

    /** Runs {@code onChange} after every add, update or delete. */
    static <T> ResourceEventHandler<T> anyChange(Runnable onChange) {
        return each(o -> onChange.run());
    }
}
