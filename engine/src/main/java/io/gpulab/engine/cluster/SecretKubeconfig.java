package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.AuthInfo;
import io.fabric8.kubernetes.api.model.Cluster;
import io.fabric8.kubernetes.api.model.Context;
import io.fabric8.kubernetes.api.model.NamedAuthInfo;
import io.fabric8.kubernetes.api.model.NamedCluster;
import io.fabric8.kubernetes.api.model.NamedContext;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.internal.KubeConfigUtils;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A kubeconfig read from a cluster Secret (a TenantControlPlane's admin kubeconfig) is data, not code.
 * Anyone who can write that Secret, or point a TCP's {@code status.kubeconfig.admin.secretName} at
 * another one, chooses its content, so it is parsed into fabric8's plain model and only a server
 * address, a bearer token, basic auth and inline certificates are taken from it. Exec plugins,
 * auth-provider commands and file references (token file, client certificate/key files, CA file) are
 * refused: they would run a program or read a file on the operator's machine. fabric8's
 * {@code Config.fromKubeconfig}, which runs exec plugins while loading, never sees this content.
 * The user's own kubeconfig ({@link KubeconfigRef}) keeps kubectl's behaviour.
 */
public final class SecretKubeconfig {

    private SecretKubeconfig() {
    }

    /** A client {@link Config}, or the reason none was built (safe to show: no content is quoted). */
    public record Parsed(@Nullable Config config, @Nullable String refusal) {
    }

    /**
     * @param yaml the decoded kubeconfig
     * @return a config built only from inline data, or a refusal naming what was refused
     */
    public static Parsed parse(String yaml) {
        io.fabric8.kubernetes.api.model.Config model;
        try {
            model = KubeConfigUtils.parseConfigFromString(yaml);
        } catch (RuntimeException e) {
            // parser messages may quote the content (a token): do not pass them on
            return refused("is not a valid kubeconfig");
        }
        if (model == null) {
            return refused("is empty");
        }
        NamedContext ctx = find(model.getContexts(), model.getCurrentContext(), NamedContext::getName);
        if (ctx == null || ctx.getContext() == null) {
            return refused("has no current context");
        }
        Context c = ctx.getContext();
        NamedCluster nc = find(model.getClusters(), c.getCluster(), NamedCluster::getName);
        if (nc == null || nc.getCluster() == null || blank(nc.getCluster().getServer())) {
            return refused("names no cluster with a server for context '" + ctx.getName() + "'");
        }
        NamedAuthInfo nu = find(model.getUsers(), c.getUser(), NamedAuthInfo::getName);
        AuthInfo user = nu == null ? null : nu.getUser();
        List<String> refused = new ArrayList<>(refusedParts(nc.getCluster(), user));
        if (!refused.isEmpty()) {
            return refused("was refused: it " + String.join(", ", refused)
                    + "; a kubeconfig from a cluster Secret may only carry tokens and inline certificates");
        }
        return new Parsed(build(nc.getCluster(), user, c.getNamespace()), null);
    }

    /** What in the selected cluster and user would run a program or read a local file. */
    static List<String> refusedParts(Cluster cluster, @Nullable AuthInfo user) {
        List<String> out = new ArrayList<>();
        if (!blank(cluster.getCertificateAuthority())) {
            out.add("references a certificate-authority file");
        }
        if (user == null) {
            return out;
        }
        if (user.getExec() != null) {
            out.add("names an exec plugin (users[].user.exec)");
        }
        if (user.getAuthProvider() != null) {
            out.add("names an auth-provider (users[].user.auth-provider)");
        }
        if (!blank(user.getTokenFile())) {
            out.add("references a tokenFile");
        }
        if (!blank(user.getClientCertificate())) {
            out.add("references a client-certificate file");
        }
        if (!blank(user.getClientKey())) {
            out.add("references a client-key file");
        }
        return out;
    }

    private static Config build(Cluster cluster, @Nullable AuthInfo user, @Nullable String namespace) {
        // Config.empty(): no autoconfiguration from env, system properties, ~/.kube or service-account files
        ConfigBuilder b = new ConfigBuilder(Config.empty()).withMasterUrl(cluster.getServer())
                .withTrustCerts(Boolean.TRUE.equals(cluster.getInsecureSkipTlsVerify()))
                .withCaCertData(cluster.getCertificateAuthorityData())
                .withNamespace(blank(namespace) ? "default" : namespace);
        if (user != null) {
            b.withOauthToken(user.getToken()).withUsername(user.getUsername()).withPassword(user.getPassword())
                    .withClientCertData(user.getClientCertificateData()).withClientKeyData(user.getClientKeyData());
            if (!blank(user.getAs())) {
                b.withImpersonateUsername(user.getAs());
            }
        }
        return b.build();
    }

    private static Parsed refused(String why) {
        return new Parsed(null, why);
    }

    private static <T> @Nullable T find(@Nullable List<T> items, @Nullable String name,
                                        java.util.function.Function<T, String> nameOf) {
        if (items == null || name == null) {
            return null;
        }
        return items.stream().filter(i -> Objects.equals(name, nameOf.apply(i))).findFirst().orElse(null);
    }

    private static boolean blank(@Nullable String s) {
        return s == null || s.isBlank();
    }
}
