package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.client.KubernetesClient;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Why a set of informers' view is incomplete, one sentence each. A refusal is the API server's answer to the
 * credentials, so the resources it gave the same answer for are said in one sentence that names the server once
 * ("the API server https://… refused to list nodes, pods and events: HTTP 401 Unauthorized"), not once per resource.
 */
final class InformerProblems {

    static final String NOT_RETRIED = "; not retried (fix the credentials or RBAC and reconnect)";

    private InformerProblems() {
    }

    static List<String> of(String server, List<? extends RelistingInformer<?>> informers) {
        Map<String, List<String>> refusedBy = new LinkedHashMap<>();   // refusal text -> resources refused with it
        List<String> down = new ArrayList<>();
        for (RelistingInformer<?> i : informers) {
            String refusal = i.refusal();
            if (refusal != null) {
                refusedBy.computeIfAbsent(refusal, k -> new ArrayList<>()).add(i.what());
            } else {
                String error = i.lastError(); // read once: the watch may come back between two reads
                if (error != null) {
                    down.add("cannot watch " + i.what() + ": " + error + " (retrying)");
                }
            }
        }
        List<String> out = new ArrayList<>();
        refusedBy.forEach((why, what) -> out.add("the API server " + server + " refused to list " + words(what)
                + ": " + why + NOT_RETRIED));
        out.addAll(down);
        return List.copyOf(out);
    }

    /** The client's API server as a user may see it: scheme, host, port and path, never user info or a query. */
    static String server(KubernetesClient client) {
        String url = String.valueOf(client.getConfiguration().getMasterUrl());
        try {
            URI u = URI.create(url);
            String path = u.getRawPath() == null || u.getRawPath().equals("/") ? "" : u.getRawPath();
            return u.getHost() == null ? "(no address)" : u.getScheme() + "://" + (u.getHost().contains(":")
                    && !u.getHost().startsWith("[") ? "[" + u.getHost() + "]" : u.getHost())
                    + (u.getPort() < 0 ? "" : ":" + u.getPort()) + path.replaceAll("/+$", "");
        } catch (IllegalArgumentException e) {
            return "(an address that is not a URL)";
        }
    }

    private static String words(List<String> what) {
        if (what.size() == 1) {
            return what.get(0);
        }
        return String.join(", ", what.subList(0, what.size() - 1)) + " and " + what.get(what.size() - 1);
    }
}
