package io.gpulab.engine.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.gpulab.engine.api.LabSnapshot;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * A kubeconfig from a cluster Secret is data: whatever could run a program or read a local file is
 * refused with a warning on that tenant, the rest of the lab still connects. The user's own kubeconfig
 * keeps kubectl's behaviour (exec plugins run there, as kubectl runs them).
 */
@EnableKubernetesMockClient(crud = true)
class SecretKubeconfigTest {

    KubernetesClient client;
    @TempDir
    Path dir;

    /** A kubeconfig whose user runs {@code sh -c "touch MARKER"} to get a token. */
    private static String execKubeconfig(String url, Path marker) {
        return "apiVersion: v1\nkind: Config\n"
                + "clusters:\n- name: c\n  cluster: {server: \"" + url + "\", insecure-skip-tls-verify: true}\n"
                + "users:\n- name: u\n  user:\n    exec:\n      apiVersion: client.authentication.k8s.io/v1\n"
                + "      command: sh\n      args: [\"-c\", \"touch '" + marker + "'; echo '{\\\"apiVersion\\\":"
                + "\\\"client.authentication.k8s.io/v1\\\",\\\"kind\\\":\\\"ExecCredential\\\",\\\"status\\\":"
                + "{\\\"token\\\":\\\"t\\\"}}'\"]\n      interactiveMode: Never\n"
                + "contexts:\n- name: c\n  context: {cluster: c, user: u}\ncurrent-context: c\n";
    }

    private void replaceSecret(String tenant, String kubeconfig) {
        client.secrets().inNamespace("default").withName(tenant + "-admin-kubeconfig").delete();
        client.secrets().inNamespace("default").resource(new SecretBuilder().withNewMetadata()
                .withName(tenant + "-admin-kubeconfig").withNamespace("default").endMetadata()
                .withData(Map.of("admin.conf", Base64.getEncoder().encodeToString(
                        kubeconfig.getBytes(StandardCharsets.UTF_8)))).build()).create();
    }

    @Test
    @EnabledOnOs({OS.LINUX, OS.MAC})
    void anExecPluginInATenantSecretNeverRunsAndTheTenantSaysWhy() throws Exception {
        Path marker = dir.resolve("exec-plugin-ran");
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir)) {
            replaceSecret("tenant-a", execKubeconfig(lab.tenantA.url(), marker));
            try (ClusterBackend backend = ClusterBackend.connect(lab.options())) {
                LabSnapshot s = backend.snapshot();
                assertFalse(Files.exists(marker), "the Secret's exec plugin ran on this machine");
                String expected = "tenant-a: secret default/tenant-a-admin-kubeconfig key admin.conf was refused: "
                        + "it names an exec plugin (users[].user.exec); a kubeconfig from a cluster Secret may only "
                        + "carry tokens and inline certificates";
                assertEquals(List.of(expected), s.tenant("tenant-a").orElseThrow().warnings());
                assertTrue(s.management().warnings().contains(expected), s.management().warnings().toString());
                assertTrue(s.tenant("tenant-a").orElseThrow().nodes().isEmpty());
                assertEquals(2, s.tenant("tenant-b").orElseThrow().nodes().size(), "the other tenant still connects");
            }
        }
        assertFalse(Files.exists(marker));
    }

    @Test
    @EnabledOnOs({OS.LINUX, OS.MAC})
    void theUsersOwnKubeconfigKeepsKubectlsBehaviour() throws Exception {
        Path marker = dir.resolve("own-plugin-ran");
        Path own = dir.resolve("own.kubeconfig");
        Files.writeString(own, execKubeconfig("https://127.0.0.1:1", marker));
        KubeconfigRef.of(own, null).load();
        assertTrue(Files.exists(marker), "kubectl runs the user's own exec plugin; so does gpulab");
    }

    @Test
    void fileReferencesAndAuthProvidersAreRefusedByName() {
        String head = "apiVersion: v1\nkind: Config\ncurrent-context: c\n"
                + "contexts:\n- name: c\n  context: {cluster: c, user: u}\n";
        String cluster = "clusters:\n- name: c\n  cluster: {server: \"https://10.0.0.1:6443\"}\n";
        Map<String, String> refusals = Map.of(
                "users:\n- name: u\n  user: {tokenFile: /etc/shadow}\n", "references a tokenFile",
                "users:\n- name: u\n  user: {client-certificate: /home/u/c.crt, client-key-data: a2V5}\n",
                "references a client-certificate file",
                "users:\n- name: u\n  user: {client-certificate-data: Y2VydA==, client-key: /home/u/c.key}\n",
                "references a client-key file",
                "users:\n- name: u\n  user:\n    auth-provider:\n      name: gcp\n      config: {cmd-path: /bin/id}\n",
                "names an auth-provider (users[].user.auth-provider)");
        refusals.forEach((user, why) -> {
            SecretKubeconfig.Parsed p = SecretKubeconfig.parse(head + cluster + user);
            assertNull(p.config(), user);
            assertNotNull(p.refusal());
            assertTrue(p.refusal().contains(why), p.refusal());
        });
        SecretKubeconfig.Parsed caFile = SecretKubeconfig.parse(head
                + "clusters:\n- name: c\n  cluster: {server: \"https://10.0.0.1:6443\", certificate-authority: /ca}\n"
                + "users:\n- name: u\n  user: {token: abc}\n");
        assertTrue(caFile.refusal().contains("references a certificate-authority file"), caFile.refusal());
    }

    @Test
    void tokensAndInlineCertificatesAreUsed() {
        SecretKubeconfig.Parsed p = SecretKubeconfig.parse("apiVersion: v1\nkind: Config\ncurrent-context: c\n"
                + "contexts:\n- name: c\n  context: {cluster: c, user: u, namespace: team}\n"
                + "clusters:\n- name: c\n  cluster: {server: \"https://10.0.0.1:6443\", certificate-authority-data: "
                + "Q0E=}\n"
                + "users:\n- name: u\n  user: {token: abc, client-certificate-data: Y2VydA==, client-key-data: a2V5}\n");
        assertNull(p.refusal());
        Config c = p.config();
        assertEquals("https://10.0.0.1:6443/", c.getMasterUrl());
        assertEquals("abc", c.getOauthToken());
        assertEquals("Q0E=", c.getCaCertData());
        assertEquals("Y2VydA==", c.getClientCertData());
        assertEquals("a2V5", c.getClientKeyData());
        assertEquals("team", c.getNamespace());
        assertFalse(c.isTrustCerts());
    }

    @Test
    void garbageIsRefusedWithoutQuotingIt() {
        SecretKubeconfig.Parsed p = SecretKubeconfig.parse("users: [ {token: s3cr3t-garbage");
        assertNull(p.config());
        assertFalse(p.refusal().contains("s3cr3t"), p.refusal());
    }
}
