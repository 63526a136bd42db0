package io.gpulab.engine.scenario;

import io.gpulab.engine.lab.CardSpec;
import io.gpulab.engine.lab.TenantSpec;
import io.gpulab.engine.lab.WorkerSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * The card ids a tenant's device plugins register: the stated uuid, else {@code GPU-<n>} with n counting
 * across the tenant's workers in order (the mock-gpu DeviceFactory rule, so ids are unique per cluster).
 */
final class CardIds {

    private CardIds() {
    }

    static List<String> of(TenantSpec t) {
        List<String> ids = new ArrayList<>();
        int n = 0;
        for (WorkerSpec w : t.workers()) {
            for (CardSpec c : w.cards()) {
                for (int i = 0; i < c.count(); i++) {
                    ids.add(c.uuid() != null ? c.uuid() : "GPU-" + n);
                    n++;
                }
            }
        }
        return ids;
    }
}
