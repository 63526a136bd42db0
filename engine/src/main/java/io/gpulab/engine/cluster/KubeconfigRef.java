package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.client.Config;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * Where a kubeconfig lives and which context to use, never its content: this is what snapshots,
 * workspaces and logs may hold. {@code file == null} means "as kubectl does": {@code KUBECONFIG},
 * then {@code ~/.kube/config}. {@code context == null} means the file's current-context.
 */
public record KubeconfigRef(@Nullable Path file, @Nullable String context) {

    /** A kubeconfig file with an optional context. */
    public static KubeconfigRef of(Path file, @Nullable String context) {
        return new KubeconfigRef(file, context);
    }

    /** Like kubectl with no {@code --kubeconfig}: {@code KUBECONFIG}, then {@code ~/.kube/config}. */
    public static KubeconfigRef kubectlDefault(@Nullable String context) {
        return new KubeconfigRef(null, context);
    }

    /**
     * Reads the kubeconfig into a fabric8 {@link Config}.
     *
     * @throws ClusterException naming the file when it is missing, unreadable or lacks the context
     */
    public Config load() {
        if (file == null) {
            return loadDefault(System.getenv(), Path.of(System.getProperty("user.home")));
        }
        if (!Files.isRegularFile(file)) {
            throw new ClusterException("kubeconfig " + file + " does not exist or is not a file");
        }
        try {
            Config cfg = Config.fromKubeconfig(context, new File(file.toString()));
            if (context != null && (cfg.getCurrentContext() == null
                    || !context.equals(cfg.getCurrentContext().getName()))) {
                throw new ClusterException("kubeconfig " + file + " has no context '" + context + "'");
            }
            return cfg;
        } catch (ClusterException e) {
            throw e;
        } catch (RuntimeException e) {
            // parser messages can quote the offending content (a token, a key): name only where it broke
            throw new ClusterException("kubeconfig " + file + " could not be read" + where(e), e);
        }
    }

    /**
     * As kubectl finds its kubeconfig: every file {@code $KUBECONFIG} lists (each must exist: a missing one is an
     * error naming it, never a silent fallback), else {@code ~/.kube/config}; the in-cluster service account only
     * inside a pod, where kubectl would use it too.
     */
    Config loadDefault(java.util.Map<String, String> env, Path home) {
        String listed = env.get("KUBECONFIG");
        if (listed != null && !listed.isBlank()) {
            java.util.List<String> files = java.util.Arrays.stream(listed.split(java.io.File.pathSeparator))
                    .filter(f -> !f.isBlank()).toList();
            java.util.List<String> missing = files.stream().filter(f -> !Files.isRegularFile(Path.of(f))).toList();
            if (!missing.isEmpty()) {
                throw new ClusterException("$KUBECONFIG names " + String.join(", ", missing) + ", which does not "
                        + "exist or is not a file; fix KUBECONFIG or pass --kubeconfig");
            }
            if (files.size() == 1) {
                return new KubeconfigRef(Path.of(files.get(0)), context).load();
            }
            return Config.autoConfigure(context); // fabric8 merges the listed files as kubectl does
        }
        Path fallback = home.resolve(".kube").resolve("config");
        if (Files.isRegularFile(fallback)) {
            return new KubeconfigRef(fallback, context).load();
        }
        if (env.containsKey("KUBERNETES_SERVICE_HOST")
                && Files.isRegularFile(Path.of("/var/run/secrets/kubernetes.io/serviceaccount/token"))) {
            return Config.autoConfigure(context); // inside a pod: its service account
        }
        throw new ClusterException("no kubeconfig: $KUBECONFIG is not set and " + fallback + " does not exist; "
                + "pass --kubeconfig");
    }

    private static String where(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof com.fasterxml.jackson.core.JsonProcessingException j && j.getLocation() != null) {
                return ": not valid YAML at line " + j.getLocation().getLineNr() + ", column "
                        + j.getLocation().getColumnNr();
            }
        }
        return ": " + e.getClass().getSimpleName();
    }

    /** For logs and the GUI: the path and context name only. */
    public String describe() {
        return (file == null ? "kubeconfig (KUBECONFIG or ~/.kube/config)" : "kubeconfig " + file)
                + (context == null ? "" : " context " + context);
    }

    @Override
    public String toString() {
        return describe();
    }
}
