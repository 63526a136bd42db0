package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.client.KubernetesClientException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.net.http.HttpTimeoutException;
import java.security.GeneralSecurityException;
import javax.net.ssl.SSLException;
import org.jspecify.annotations.Nullable;

/**
 * One sentence for a failed call to an API server, from the innermost cause that says something:
 * fabric8's own text is often "An error has occurred" with the reason three causes deep. Messages of
 * parser exceptions are never used (they may quote a token or a key).
 */
public final class ClientErrors {

    private ClientErrors() {
    }

    /** The HTTP status of a refused request, or 0 when the server did not answer with one. */
    public static int httpCode(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof KubernetesClientException k && k.getCode() > 0) {
                return k.getCode();
            }
        }
        return 0;
    }

    /** Whether the server refused the credentials (401) or the permission (403): retrying will not help. */
    public static boolean refused(Throwable t) {
        int code = httpCode(t);
        return code == 401 || code == 403;
    }

    /** E.g. {@code HTTP 403 Forbidden: nodes is forbidden: User "x" cannot list ...}, {@code connection refused}. */
    public static String sentence(Throwable t) {
        // a server's text is data: what a terminal or a report viewer would obey is shown, not obeyed
        return io.gpulab.engine.scenario.Quote.visible(words(t));
    }

    private static String words(Throwable t) {
        int code = httpCode(t);
        if (code > 0) {
            String status = statusMessage(t);
            String reason = reason(code);
            // a Status whose message is only the reason phrase ("Unauthorized") would say it twice
            boolean more = status != null && !reason.toLowerCase(java.util.Locale.ROOT).replaceAll(" \\(.*", "")
                    .equals(status.strip().toLowerCase(java.util.Locale.ROOT));
            return "HTTP " + code + (reason.isEmpty() ? "" : " " + reason) + (more ? ": " + status : "");
        }
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof ConnectException) {
                return "connection refused (nothing answers at that address)";
            }
            if (c instanceof UnknownHostException) {
                return "unknown host " + c.getMessage();
            }
            if (c instanceof HttpTimeoutException || c instanceof java.util.concurrent.TimeoutException
                    || c instanceof java.net.SocketTimeoutException) {
                return "no answer in time";
            }
            if (c instanceof SSLException) {
                return "TLS handshake failed: " + c.getMessage();
            }
            if (c instanceof GeneralSecurityException || c instanceof java.io.IOException
                    && c.getClass().getName().contains("PEM")) {
                // key and certificate parsers: the class says what, the message might quote the content
                return "the client certificate or key cannot be used (unreadable, or of a kind Java cannot load)";
            }
            if (c instanceof com.fasterxml.jackson.core.JsonProcessingException) {
                return "the server's answer is not valid JSON (is this address a Kubernetes API server?)";
            }
        }
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String msg = root.getMessage();
        if (msg == null || msg.isBlank() || msg.startsWith("An error has occurred")) {
            return root.getClass().getSimpleName();
        }
        return msg.lines().findFirst().orElse(msg).strip();
    }

    private static @Nullable String statusMessage(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof KubernetesClientException k && k.getStatus() != null && k.getStatus().getMessage() != null
                    && !k.getStatus().getMessage().isBlank()) {
                return k.getStatus().getMessage().lines().findFirst().orElse("").strip();
            }
        }
        return null;
    }

    private static String reason(int code) {
        return switch (code) {
            case 400 -> "Bad Request";
            case 401 -> "Unauthorized (the credentials were refused)";
            case 403 -> "Forbidden (no permission)";
            case 404 -> "Not Found";
            case 409 -> "Conflict";
            case 422 -> "Unprocessable Entity";
            case 429 -> "Too Many Requests";
            case 500 -> "Internal Server Error";
            case 502 -> "Bad Gateway";
            case 503 -> "Service Unavailable";
            case 504 -> "Gateway Timeout";
            default -> "";
        };
    }
}
