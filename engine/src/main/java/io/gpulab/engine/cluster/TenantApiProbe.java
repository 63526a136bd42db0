package io.gpulab.engine.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * Asks the tenant's API server what a client would read, on its own thread: {@code GET /version} (its own version,
 * for the version-skew check) and {@code GET /api/v1/namespaces/kube-system}, a read kube-apiserver serves from its
 * DataStore (a quorum read), so a DataStore that does not answer shows here while {@code /version} still answers.
 * Every 10 s while it answers, every 2 s while it does not. What is kept is what was observed, never inferred: the
 * connection refused, the API server's status and its own text for a 5xx or 429, no answer within the bound.
 * A 401, 403 or 404 is an answer (the server serves; the refusal is the credentials', said by the tenant's warnings).
 * Once the tenant's informers were all refused (401/403, "not retried") the probe stops too: credentials that were
 * refused are not presented again every 10 s to an API server's audit log.
 */
final class TenantApiProbe implements AutoCloseable {

    /** The read whose answer stands for "the API server serves reads". */
    static final String READ = "GET /api/v1/namespaces/kube-system";
    static final String VERSION = "GET /version";
    static final long TIMEOUT_SECONDS = 5;
    private static final long EVERY_MILLIS = 10_000;
    private static final long FAILING_EVERY_MILLIS = 2_000;
    private static final int MAX_TEXT = 300;
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * One observation, kept while nothing in it changes.
     *
     * @param since      when this answer was first seen (a later probe with the same answer keeps it)
     * @param request    the request that failed, or both requests when they were answered
     * @param answered   whether the API server answered both
     * @param text       the failure as observed (empty when answered)
     * @param gitVersion {@code /version}'s {@code gitVersion} when it answered with one, else empty
     * @param versionNote why no version was read although {@code /version} answered, else empty
     */
    record Observation(Instant since, String request, boolean answered, String text, String gitVersion,
                       String versionNote) {

        boolean sameAnswer(Observation o) {
            return answered == o.answered && request.equals(o.request) && text.equals(o.text)
                    && gitVersion.equals(o.gitVersion) && versionNote.equals(o.versionNote);
        }
    }

    /** A write gpulab sent (only with --allow-writes) that the API server refused, as its client read it. */
    record RefusedWrite(Instant at, String request, String text) { }

    private final KubernetesClient client;
    private final Runnable onChange;
    private final BooleanSupplier refused;
    private final ScheduledExecutorService thread;
    private volatile @Nullable Observation last;
    private volatile @Nullable RefusedWrite refusedWrite;
    private volatile boolean closed;

    /** {@code refused}: whether the tenant's credentials were refused for good (then nothing is asked again). */
    TenantApiProbe(String tenant, KubernetesClient client, Runnable onChange, BooleanSupplier refused) {
        this.client = client;
        this.onChange = onChange;
        this.refused = refused;
        this.thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "gpulab-api-" + tenant);
            t.setDaemon(true);
            return t;
        });
        thread.execute(this::round);
    }

    /** The last observation, or null before the first probe answered or failed. */
    @Nullable Observation last() {
        return last;
    }

    @Nullable RefusedWrite refusedWrite() {
        return refusedWrite;
    }

    /** The last write was accepted: an earlier refusal no longer describes the API server. */
    void writeAccepted() {
        if (refusedWrite != null) {
            refusedWrite = null;
            onChange.run();
        }
    }

    /** Keeps a refused write as observed (the last one). */
    void writeRefused(String request, String text) {
        refusedWrite = new RefusedWrite(now(), request, text);
        onChange.run();
    }

    /**
     * Waits until a round already running has finished (the probe's single thread runs tasks in order). Lets a test
     * show "not asked again" by the probe's own rounds, not by a sleep.
     */
    void settle() throws InterruptedException, java.util.concurrent.ExecutionException,
            java.util.concurrent.TimeoutException {
        thread.submit(() -> { }).get(1, TimeUnit.MINUTES);
    }

    /** Runs one round on the probe's thread and waits for it (a test's "the probe's own next round"). */
    void runRoundNow() throws InterruptedException, java.util.concurrent.ExecutionException,
            java.util.concurrent.TimeoutException {
        thread.submit(this::observe).get(1, TimeUnit.MINUTES);
    }

    private void round() {
        if (!observe() || closed) {
            return;
        }
        try {
            thread.schedule(this::round, Objects.requireNonNull(last).answered() ? EVERY_MILLIS
                    : FAILING_EVERY_MILLIS, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // closing
        }
    }

    /** Probes once and keeps a changed answer; false when nothing may be asked (closed, or credentials refused). */
    private boolean observe() {
        if (closed || refused.getAsBoolean()) {
            return false;
        }
        Observation o;
        try {
            o = probe();
        } catch (RuntimeException e) {
            o = new Observation(now(), VERSION, false, ClientErrors.sentence(e), "", "");
        }
        Observation before = last;
        if (before == null || !before.sameAnswer(o)) {
            last = o;
            onChange.run();
        }
        return true;
    }

    private Observation probe() {
        Instant at = now();
        String base = client.getConfiguration().getMasterUrl();
        if (!base.endsWith("/")) {
            base += "/";
        }
        Answer v = get(base + "version");
        if (!v.answered) {
            return new Observation(at, VERSION, false, v.text, "", "");
        }
        String git = "";
        String note = "";
        if (v.code / 100 == 2) {
            git = gitVersion(v.body);
            if (git.isEmpty()) {
                note = "GET /version answered without a gitVersion";
            }
        } else {
            note = "GET /version answered " + v.text;
        }
        Answer r = get(base + "api/v1/namespaces/kube-system");
        if (!r.answered) {
            return new Observation(at, READ, false, r.text, git, note);
        }
        return new Observation(at, VERSION + " and " + READ, true, "", git, note);
    }

    private record Answer(boolean answered, int code, String text, String body) { }

    private Answer get(String url) {
        HttpClient http = client.getHttpClient();
        HttpRequest req = http.newHttpRequestBuilder().uri(url).timeout(TIMEOUT_SECONDS, TimeUnit.SECONDS).build();
        HttpResponse<String> res;
        var pending = http.sendAsync(req, String.class);
        try {
            // fabric8 retries a 5xx or 429 twice with backoff: bounded here as a whole
            res = pending.get(3 * TIMEOUT_SECONDS + 5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Answer(false, 0, "not asked: gpulab is closing", "");
        } catch (java.util.concurrent.TimeoutException e) {
            pending.cancel(true);
            return new Answer(false, 0, "no answer within " + TIMEOUT_SECONDS + " s", "");
        } catch (java.util.concurrent.ExecutionException e) {
            String s = ClientErrors.sentence(e.getCause() == null ? e : e.getCause());
            return new Answer(false, 0, "no answer in time".equals(s) ? "no answer within " + TIMEOUT_SECONDS + " s"
                    : s, "");
        }
        int code = res.code();
        String body = res.body() == null ? "" : res.body();
        String text = code / 100 == 2 ? "" : "HTTP " + code + statusText(code, body);
        return new Answer(code != 429 && code < 500, code, io.gpulab.engine.scenario.Quote.visible(text), body);
    }

    /** {@code : <the Status' message>}, else the body's first line (a proxy's page), bounded; empty for none. */
    private static String statusText(int code, String body) {
        String reason = switch (code) {
            case 429 -> " Too Many Requests";
            case 500 -> " Internal Server Error";
            case 502 -> " Bad Gateway";
            case 503 -> " Service Unavailable";
            case 504 -> " Gateway Timeout";
            default -> "";
        };
        String message = "";
        try {
            JsonNode n = JSON.readTree(body);
            if (n != null && n.hasNonNull("message")) {
                message = n.get("message").asText();
            }
        } catch (java.io.IOException | RuntimeException e) {
            message = body.lines().filter(l -> !l.isBlank()).findFirst().orElse("").strip();
        }
        message = message.lines().findFirst().orElse("").strip();
        if (message.length() > MAX_TEXT) {
            message = message.substring(0, MAX_TEXT) + "...";
        }
        return reason + (message.isEmpty() ? "" : ": " + message);
    }

    private static String gitVersion(String body) {
        try {
            JsonNode n = JSON.readTree(body);
            return n != null && n.hasNonNull("gitVersion") ? io.gpulab.engine.scenario.Quote.visible(
                    n.get("gitVersion").asText()) : "";
        } catch (java.io.IOException | RuntimeException e) {
            return "";
        }
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.SECONDS);
    }

    @Override
    public void close() {
        closed = true;
        thread.shutdownNow();
    }
}
