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
}
