package io.gpulab.engine.kind;

import java.util.Map;

/** The labels on everything the lab creates; teardown selects by {@link #LAB} and nothing else. */
public final class KindLabels {

    /** Value: the lab name. */
    public static final String LAB = "io.gpulab.lab";
    /** Value: {@code control-plane} or {@code worker} (also kind's own role label). */
    public static final String KIND_ROLE = "io.x-k8s.kind.role";
    /** Value: the kind cluster name, as kind itself labels its nodes. */
    public static final String KIND_CLUSTER = "io.x-k8s.kind.cluster";
    /** Value: the tenant a worker belongs to. */
    public static final String TENANT = "io.gpulab.tenant";

    private KindLabels() {
    }

    static Map<String, String> node(String lab, String role, String tenant) {
        return tenant.isEmpty()
                ? Map.of(LAB, lab, KIND_CLUSTER, lab, KIND_ROLE, role)
                : Map.of(LAB, lab, KIND_CLUSTER, lab, KIND_ROLE, role, TENANT, tenant);
    }
}
