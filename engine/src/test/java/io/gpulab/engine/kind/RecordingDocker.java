package io.gpulab.engine.kind;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.command.PullImageResultCallback;
import com.github.dockerjava.api.command.WaitContainerResultCallback;
import com.github.dockerjava.api.model.WaitResponse;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Frame;
import com.github.dockerjava.api.model.StreamType;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

/**
 * A recording fake of docker-java's {@link DockerClient} and its {@code *Cmd} interfaces, built from
 * {@link Proxy}: every call and every {@code withX(..)} is recorded, and {@code exec()} answers from a
 * tiny in-memory Docker (networks, containers with labels, images) plus scripted exec results.
 */
final class RecordingDocker {

    /** One Docker API call: the client method, its arguments, the builder calls, and the exec. */
    record Call(String method, List<Object> args, Map<String, List<Object>> with) {
        @Override
        public String toString() {
            return method + args + with.keySet();
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    final List<Call> calls = new ArrayList<>();
    final Map<String, Map<String, String>> containers = new LinkedHashMap<>();
    final Map<String, Map<String, String>> networks = new LinkedHashMap<>();
    final Set<String> images = new TreeSet<>();
    /** Containers that exist but are not running (e.g. after a reboot). */
    final Set<String> stopped = new TreeSet<>();
    final List<String> execs = new ArrayList<>();
    /** (container, command joined by spaces) -> {exit code, output}. */
    BiFunction<String, String, Object[]> execAnswer = (c, cmd) -> new Object[] {0L, ""};
    private final Map<String, String[]> execById = new HashMap<>();

    DockerClient client() {
        return (DockerClient) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {DockerClient.class},
                (proxy, m, args) -> {
                    if (m.getName().equals("close")) {
                        return null;
                    }
                    Call call = new Call(m.getName(), args == null ? List.of() : Arrays.asList(args),
                            new LinkedHashMap<>());
                    calls.add(call);
                    return cmd(m.getReturnType(), call);
                });
    }

    List<String> methods() {
        return calls.stream().map(Call::method).collect(Collectors.toList());
    }

    List<Call> calls(String method) {
        return calls.stream().filter(c -> c.method().equals(method)).toList();
    }

    private Object cmd(Class<?> iface, Call call) {
        InvocationHandler h = new InvocationHandler() {
            @Override
            public Object invoke(Object proxy, Method m, Object[] args) throws Throwable {
                if (m.getReturnType().isAssignableFrom(iface) && m.getName().startsWith("with")) {
                    call.with().put(m.getName(), args == null ? List.of() : Arrays.asList(args));
                    return proxy;
                }
                return switch (m.getName()) {
                    case "exec" -> args == null || args.length == 0 ? answer(call) : async(call, args[0]);
                    case "start" -> started(call);
                    case "close" -> null;
                    default -> m.getReturnType() == boolean.class ? false : null;
                };
            }
        };
        return Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {iface}, h);
    }

    private Object answer(Call c) throws Exception {
        String first = c.args().isEmpty() ? "" : String.valueOf(c.args().get(0));
        switch (c.method()) {
            case "pingCmd" -> {
                return null;
            }
            case "startContainerCmd" -> {
                stopped.remove(first.replaceFirst("^id-", ""));
                return null;
            }
            case "infoCmd" -> {
                return JSON.readValue("{\"NCPU\":8,\"MemTotal\":16000000000,\"DockerRootDir\":\"/var/lib/docker\","
                        + "\"ServerVersion\":\"27.3.1\"}", com.github.dockerjava.api.model.Info.class);
            }
            case "inspectImageCmd" -> {
                if (!images.contains(first)) {
                    throw new NotFoundException("No such image: " + first);
                }
                return JSON.readValue("{}", com.github.dockerjava.api.command.InspectImageResponse.class);
            }
            case "listNetworksCmd" -> {
                return networks.entrySet().stream().filter(e -> matches(c, e.getKey(), e.getValue()))
                        .map(e -> read("{\"Name\":\"" + e.getKey() + "\",\"Id\":\"net-" + e.getKey() + "\","
                                + "\"Labels\":" + json(e.getValue()) + "}",
                                com.github.dockerjava.api.model.Network.class)).toList();
            }
            case "createNetworkCmd" -> {
                networks.put((String) c.with().get("withName").get(0),
                        labels(c.with().get("withLabels")));
                return read("{\"Id\":\"net-1\"}", com.github.dockerjava.api.command.CreateNetworkResponse.class);
            }
            case "inspectNetworkCmd" -> {
                return read("{\"Name\":\"kind\",\"IPAM\":{\"Config\":[{\"Subnet\":\"fc00:f853:ccd:e793::/64\"},"
                        + "{\"Subnet\":\"172.18.0.0/16\",\"Gateway\":\"172.18.0.1\"}]}}",
                        com.github.dockerjava.api.model.Network.class);
            }
            case "listContainersCmd" -> {
                return containers.entrySet().stream().filter(e -> matches(c, e.getKey(), e.getValue()))
                        .map(e -> read("{\"Id\":\"id-" + e.getKey() + "\",\"Names\":[\"/" + e.getKey() + "\"],"
                                + "\"Labels\":" + json(e.getValue()) + ","
                                + "\"State\":\"" + (stopped.contains(e.getKey()) ? "exited" : "running") + "\"}",
                                com.github.dockerjava.api.model.Container.class)).toList();
            }
            case "createContainerCmd" -> {
                String name = (String) c.with().get("withName").get(0);
                containers.put(name, labels(c.with().get("withLabels")));
                return read("{\"Id\":\"id-" + name + "\"}",
                        com.github.dockerjava.api.command.CreateContainerResponse.class);
            }
            case "removeContainerCmd" -> {
                containers.remove(first.replaceFirst("^id-", ""));
                return null;
            }
            case "removeNetworkCmd" -> {
                networks.remove(first.replaceFirst("^net-", ""));
                return null;
            }
            case "execCreateCmd" -> {
                String id = "exec-" + execById.size();
                String[] cmd = (String[]) c.with().get("withCmd").get(0);
                execById.put(id, new String[] {first, String.join(" ", cmd)});
                execs.add(first + ": " + String.join(" ", cmd));
                return read("{\"Id\":\"" + id + "\"}", com.github.dockerjava.api.command.ExecCreateCmdResponse.class);
            }
            case "inspectExecCmd" -> {
                String[] e = execById.get(first);
                return read("{\"ExitCode\":" + execAnswer.apply(e[0], e[1])[0] + "}",
                        com.github.dockerjava.api.command.InspectExecResponse.class);
            }
            default -> throw new UnsupportedOperationException("fake has no answer for " + c.method());
        }
    }

    @SuppressWarnings("unchecked")
    private Object async(Call c, Object callback) {
        ResultCallback<Frame> cb = (ResultCallback<Frame>) callback;
        String[] e = execById.get(String.valueOf(c.args().get(0)));
        String out = (String) execAnswer.apply(e[0], e[1])[1];
        cb.onStart(() -> { });
        if (!out.isEmpty()) {
            cb.onNext(new Frame(StreamType.STDOUT, out.getBytes(StandardCharsets.UTF_8)));
        }
        cb.onComplete();
        return cb;
    }

    private Object started(Call c) {
        if (c.method().equals("pullImageCmd")) {
            images.add(String.valueOf(c.args().get(0)));
            PullImageResultCallback cb = new PullImageResultCallback();
            cb.onComplete();
            return cb;
        }
        WaitContainerResultCallback cb = new WaitContainerResultCallback();
        cb.onNext(read("{\"StatusCode\":0}", WaitResponse.class));
        cb.onComplete();
        return cb;
    }

    private static boolean matches(Call c, String name, Map<String, String> labels) {
        if (c.with().containsKey("withNameFilter")) {
            Object f = c.with().get("withNameFilter").get(0);
            String wanted = f instanceof String[] a ? a[0] : String.valueOf(((List<?>) f).get(0));
            return name.equals(wanted);
        }
        if (c.with().containsKey("withLabelFilter")) {
            Map<?, ?> want = (Map<?, ?>) c.with().get("withLabelFilter").get(0);
            return want.entrySet().stream().allMatch(w -> String.valueOf(w.getValue()).equals(labels.get(w.getKey())));
        }
        if (c.with().containsKey("withFilter")) {
            String kv = String.valueOf(((List<?>) c.with().get("withFilter").get(1)).get(0));
            String[] p = kv.split("=", 2);
            return p[1].equals(labels.get(p[0]));
        }
        return true;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> labels(List<Object> with) {
        return with == null ? Map.of() : (Map<String, String>) with.get(0);
    }

    private static String json(Map<String, String> labels) {
        try {
            return JSON.writeValueAsString(labels);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static <T> T read(String json, Class<T> type) {
        try {
            return JSON.readValue(json, type);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
