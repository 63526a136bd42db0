package io.gpulab.engine.isolation;

import java.util.List;

/**
 * What one tenant kept or lost on a copy of the lab: the four things a tenant asks of its platform.
 *
 * @param create      a new GPU pod created through the tenant's API server (HAMi's webhook applied)
 * @param read        {@code kubectl get pods} answered
 * @param schedule    that new pod bound to a worker and a card by HAMi's scheduler
 * @param keepRunning the tenant's pod that ran before the failure still running
 */
public record TenantLoss(String tenant, Observation create, Observation read, Observation schedule,
                         Observation keepRunning) {

    /** The four observations in the order above. */
    public List<Observation> all() {
        return List.of(create, read, schedule, keepRunning);
    }

    /** Whether anything is worse than in {@code before} (the same tenant on a copy without the failure). */
    public boolean worseThan(TenantLoss before) {
        List<Observation> now = all();
        List<Observation> then = before.all();
        for (int i = 0; i < now.size(); i++) {
            if (now.get(i).worseThan(then.get(i))) {
                return true;
            }
        }
        return false;
    }
}
