package io.gpulab.engine.kamaji;

import io.gpulab.engine.lab.KubeVersion;
import org.jspecify.annotations.Nullable;

/**
 * Kamaji's webhook on a change of {@code spec.kubernetes.version} ({@code internal/webhook/handlers/tcp_version.go}):
 * no downgrade, no skipped minor, nothing above the Kubernetes minor its kubeadm supports. Patch releases are not
 * compared. The supported minor is taken as v1.35, the minor of Kamaji HEAD's {@code DefaultKubernetesVersion}
 * (v1.35.7): an inference, since its {@code upgrade.KubeadmVersion} constant was not read.
 */
public final class KamajiVersions {

    public static final KubeVersion SUPPORTED = KubeVersion.parse("v1.35.0", "supported");

    private KamajiVersions() {
    }

    /** Kamaji's refusal of the update from {@code from} to {@code to}, or null when it admits it. */
    public static @Nullable String refusal(KubeVersion from, KubeVersion to) {
        if (to.major() > SUPPORTED.major() || to.major() == SUPPORTED.major() && to.minor() > SUPPORTED.minor()) {
            return "unable to upgrade to a version greater than the supported one (v" + SUPPORTED.major() + "."
                    + SUPPORTED.minor() + ")";
        }
        if (to.minorsAfter(from) < 0) {
            return "unable to downgrade a TenantControlPlane from " + semver(from) + " to " + semver(to);
        }
        if (to.minorsAfter(from) > 1) {
            return "unable to upgrade to a minor version in a non-sequential mode";
        }
        return null;
    }

    /** Go's semver {@code String()} of a version whose patch Kamaji zeroed, e.g. {@code 1.35.0}. */
    private static String semver(KubeVersion v) {
        return v.major() + "." + v.minor() + ".0";
    }
}
