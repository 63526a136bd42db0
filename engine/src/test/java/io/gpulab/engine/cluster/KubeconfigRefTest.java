package io.gpulab.engine.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Kubeconfig files and contexts are read like kubectl does, with errors naming the file and context. */
class KubeconfigRefTest {

    @TempDir
    Path dir;

    private Path twoContexts() throws Exception {
        Path f = dir.resolve("two.kubeconfig");
        Files.writeString(f, """
                apiVersion: v1
                kind: Config
                clusters:
                - {name: one, cluster: {server: "https://10.0.0.1:6443"}}
                - {name: two, cluster: {server: "https://10.0.0.2:6443"}}
                users:
                - {name: u, user: {token: t0k3n}}
                contexts:
                - {name: kind-kamaji, context: {cluster: one, user: u}}
                - {name: other, context: {cluster: two, user: u}}
                current-context: kind-kamaji
                """);
        return f;
    }

    @Test
    void currentContextByDefaultAndANamedOneOnRequest() throws Exception {
        Path f = twoContexts();
        assertEquals("https://10.0.0.1:6443/", KubeconfigRef.of(f, null).load().getMasterUrl());
        assertEquals("https://10.0.0.2:6443/", KubeconfigRef.of(f, "other").load().getMasterUrl());
    }

    @Test
    void anUnknownContextOrAMissingFileIsAnErrorNamingIt() throws Exception {
        Path f = twoContexts();
        ClusterException e = assertThrows(ClusterException.class, () -> KubeconfigRef.of(f, "nope").load());
        assertEquals("kubeconfig " + f + " has no context 'nope'", e.getMessage());
        Path missing = dir.resolve("missing");
        e = assertThrows(ClusterException.class, () -> KubeconfigRef.of(missing, null).load());
        assertEquals("kubeconfig " + missing + " does not exist or is not a file", e.getMessage());
    }

    @Test
    void aBrokenFileIsReportedByPositionWithoutQuotingItsContent() throws Exception {
        Path f = dir.resolve("broken.kubeconfig");
        Files.writeString(f, "apiVersion: v1\nusers:\n- {name: u, user: {token: s3cr3t-in-broken-file}\n  : : :\n");
        ClusterException e = assertThrows(ClusterException.class, () -> KubeconfigRef.of(f, null).load());
        assertTrue(e.getMessage().startsWith("kubeconfig " + f + " could not be read"), e.getMessage());
        assertFalse(e.getMessage().contains("s3cr3t"), e.getMessage());
    }

    @Test
    void describesItselfWithoutContent() throws Exception {
        Path f = twoContexts();
        assertEquals("kubeconfig " + f + " context other", KubeconfigRef.of(f, "other").toString());
    }

    @Test
    void aMissingFileInKubeconfigIsAnErrorNamingItNeverAFallback() throws Exception {
        Path missing = dir.resolve("gone.kubeconfig");
        ClusterException e = assertThrows(ClusterException.class, () -> KubeconfigRef.kubectlDefault(null)
                .loadDefault(java.util.Map.of("KUBECONFIG", missing.toString(), "KUBERNETES_SERVICE_HOST", "10.0.0.1"),
                        dir));
        assertEquals("$KUBECONFIG names " + missing + ", which does not exist or is not a file; fix KUBECONFIG or "
                + "pass --kubeconfig", e.getMessage());
    }

    @Test
    void kubeconfigThenHomeAsKubectlFindsThem() throws Exception {
        Path f = twoContexts();
        assertEquals("https://10.0.0.2:6443/", KubeconfigRef.kubectlDefault("other")
                .loadDefault(java.util.Map.of("KUBECONFIG", f.toString()), dir).getMasterUrl());
        Path home = dir.resolve("home");
        Files.createDirectories(home.resolve(".kube"));
        Files.copy(f, home.resolve(".kube/config"));
        assertEquals("https://10.0.0.1:6443/", KubeconfigRef.kubectlDefault(null)
                .loadDefault(java.util.Map.of(), home).getMasterUrl());
        ClusterException none = assertThrows(ClusterException.class, () -> KubeconfigRef.kubectlDefault(null)
                .loadDefault(java.util.Map.of(), dir.resolve("empty-home")));
        assertTrue(none.getMessage().startsWith("no kubeconfig: $KUBECONFIG is not set and "), none.getMessage());
    }
}
