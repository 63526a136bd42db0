package io.gpulab.scheduler.filter;

import io.gpulab.scheduler.model.ContainerDevice;
import io.gpulab.scheduler.model.ContainerDeviceRequest;
import io.gpulab.scheduler.model.DeviceUsage;
import io.gpulab.scheduler.model.NodeInfo;
import io.gpulab.scheduler.model.PodDevices;
import io.gpulab.scheduler.model.PodInfo;
import io.gpulab.scheduler.model.SchedulerConfig;
import io.gpulab.scheduler.request.RequestParser;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * EXHAUSTIVE REFERENCE: a deliberately simple, literal transcription of HAMi v2.10's Filter loop
 * (HAMi v2.10 pkg/scheduler/score.go and pkg/device/nvidia/device.go), written without the production code's structure, to check the fast paths against.
 * Every node, every card, every container; lists, no indexes, no caching.
 */
public final class ReferenceFilter {

    public record Result(@Nullable String node, PodDevices devices, Map<String, String> failed) {
    }

    private static final class Dev {
        final DeviceUsage reg;
        int used;
        int usedmem;
        int usedcores;
        float score;

        Dev(DeviceUsage u) {
            reg = u;
            used = u.usedSlots();
            usedmem = u.usedMem();
            usedcores = u.usedCores();
        }
    }

    private record Scored(String node, float score, PodDevices devices) {
    }

    private ReferenceFilter() {
    }

    public static Result filter(PodInfo pod, List<NodeInfo> nodes, SchedulerConfig cfg) {
        List<ContainerDeviceRequest> reqs = RequestParser.parse(pod, cfg);
        boolean any = false;
        for (ContainerDeviceRequest r : reqs) {
            any |= r.nums() > 0;
        }
        if (!any) {
            return new Result(null, PodDevices.empty(), Map.of());
        }
        Map<String, String> a = pod.annotations();
        ScoringWeights w = a.containsKey("hami.io/device-scoring-weights")
                ? ScoringWeights.parse(a.get("hami.io/device-scoring-weights")).value() : ScoringWeights.DEFAULT;
        String gpuPolicy = a.getOrDefault("hami.io/gpu-scheduler-policy", cfg.gpuSchedulerPolicy());
        String nodePolicy = a.getOrDefault("hami.io/node-scheduler-policy", cfg.nodeSchedulerPolicy());
        String nb = a.getOrDefault("nvidia.com/numa-bind", "");
        boolean numaBind = List.of("1", "t", "T", "TRUE", "true", "True").contains(nb);
        Map<String, String> failed = new TreeMap<>();
        List<Scored> fits = new ArrayList<>();
        for (NodeInfo n : nodes) {
            if (n.devices().isEmpty()) {
                failed.put(n.name(), "node unregistered");
                continue;
            }
            float nodeScore = nodeScore(n);
            List<List<ContainerDevice>> result = new ArrayList<>();
            String reason = null;
            List<Dev> appCopy = copy(n);
            for (int c = 0; c < reqs.size() && reason == null; c++) {
                ContainerDeviceRequest k = reqs.get(c);
                if (k.nums() <= 0) {
                    result.add(List.of());
                    continue;
                }
                List<Dev> devs = c < pod.initContainers().size() ? copy(n) : appCopy;
                Object r = fitInDevices(devs, k, a, n.annotations(), w, gpuPolicy, numaBind);
                if (r instanceof String s) {
                    reason = s;
                } else {
                    @SuppressWarnings("unchecked")
                    List<ContainerDevice> got = (List<ContainerDevice>) r;
                    result.add(got);
                }
            }
            if (reason != null) {
                failed.put(n.name(), reason);
            } else {
                fits.add(new Scored(n.name(), nodeScore, new PodDevices(result)));
            }
        }
        if (fits.isEmpty()) {
            return new Result(null, PodDevices.empty(), failed);
        }
        // sort.Sort then take the last; documented tie-break: equal scores -> smallest name last
        Scored[] arr = fits.toArray(new Scored[0]);
        for (int i = 1; i < arr.length; i++) {
            for (int j = i; j > 0 && nodeLess(arr[j], arr[j - 1], nodePolicy); j--) {
                Scored t = arr[j];
                arr[j] = arr[j - 1];
                arr[j - 1] = t;
            }
        }
        Scored best = arr[arr.length - 1];
        return new Result(best.node(), best.devices(), failed);
    }

    private static boolean nodeLess(Scored i, Scored j, String policy) {
        if (i.score() == j.score()) {
            return i.node().compareTo(j.node()) > 0;
        }
        return policy.equals("spread") ? i.score() > j.score() : i.score() < j.score();
    }

    private static List<Dev> copy(NodeInfo n) {
        List<Dev> out = new ArrayList<>();
        for (DeviceUsage u : n.devices()) {
            out.add(new Dev(u));
        }
        return out;
    }

    private static float nodeScore(NodeInfo n) {
        int used = 0;
        int usedCore = 0;
        int usedMem = 0;
        int total = 0;
        int totalCore = 0;
        int totalMem = 0;
        for (DeviceUsage d : n.devices()) {
            used += d.usedSlots();
            usedCore += d.usedCores();
            usedMem += d.usedMem();
            total += d.info().count();
            totalCore += d.info().devCore();
            totalMem += d.info().devMem();
        }
        if (total == 0 || totalCore == 0 || totalMem == 0) {
            return 0;
        }
        float s1 = (float) used / (float) total;
        float s2 = (float) usedCore / (float) totalCore;
        float s3 = (float) usedMem / (float) totalMem;
        return 10f * (s1 + s2 + s3);
    }

    private static Object fitInDevices(List<Dev> devs, ContainerDeviceRequest k, Map<String, String> a,
                                       Map<String, String> nodeAnn, ScoringWeights w, String policy,
                                       boolean numaBind) {
        for (Dev d : devs) {
            d.score = computeScore(d, k, w);
        }
        for (int i = 1; i < devs.size(); i++) {
            for (int j = i; j > 0 && less(devs.get(j), devs.get(j - 1), policy, numaBind); j--) {
                Dev t = devs.get(j);
                devs.set(j, devs.get(j - 1));
                devs.set(j - 1, t);
            }
        }
        List<Dev> typed = new ArrayList<>();
        for (Dev d : devs) {
            if (d.reg.info().type().toLowerCase(Locale.ROOT).contains("nvidia")) {
                typed.add(d);
            }
        }
        if (k.nums() > typed.size()) {
            return "NodeInsufficientDevice";
        }
        Object r = fit(typed, k, a, nodeAnn, policy, numaBind);
        if (r instanceof List<?> list) {
            for (Object o : list) {
                ContainerDevice cd = (ContainerDevice) o;
                for (Dev d : typed) {
                    if (d.reg.id().equals(cd.uuid())) {
                        d.used++;
                        d.usedcores += cd.usedCores();
                        d.usedmem += cd.usedMem();
                    }
                }
            }
        }
        return r;
    }

    private static float computeScore(Dev d, ContainerDeviceRequest k, ScoringWeights w) {
        int count = d.reg.info().count();
        int totalCore = d.reg.info().devCore();
        int totalMem = d.reg.info().devMem();
        if (count == 0 || totalCore == 0 || totalMem == 0) {
            return 0;
        }
        int req = 0;
        int core = 0;
        int mem = 0;
        if (k.type().equals(d.reg.info().type())) {
            req += 1;
            core += k.coresReq();
            if (k.memPercentReq() != 0 && k.memPercentReq() != 101) {
                mem += (int) ((long) totalMem * k.memPercentReq() / 100);
            } else {
                mem += k.memReq();
            }
        }
        float slot = (float) (req + d.used) / (float) count;
        float cs = (float) (core + d.usedcores) / (float) totalCore;
        float ms = (float) (mem + d.usedmem) / (float) totalMem;
        return 10f * ((float) w.slot() * slot + (float) w.core() * cs + (float) w.memory() * ms);
    }

    private static boolean less(Dev i, Dev j, String policy, boolean numaBind) {
        int ni = i.reg.info().numa();
        int nj = j.reg.info().numa();
        if (policy.contains(",") || policy.equals("numa")) {
            List<String> keys = new ArrayList<>();
            for (String t : policy.split(",")) {
                t = t.trim();
                if ((t.equals("binpack") || t.equals("spread") || t.equals("numa")) && !keys.contains(t)) {
                    keys.add(t);
                }
            }
            if (keys.isEmpty()) {
                keys.add("spread");
            }
            if (numaBind && !keys.get(0).equals("numa")) {
                keys.remove("numa");
                keys.add(0, "numa");
            }
            for (String key : keys) {
                if (key.equals("binpack") && i.score != j.score) {
                    return i.score < j.score;
                }
                if (key.equals("spread") && i.score != j.score) {
                    return i.score > j.score;
                }
                if (key.equals("numa") && ni != nj) {
                    return ni < nj;
                }
            }
            return i.reg.info().index() < j.reg.info().index();
        }
        if (numaBind) {
            if (policy.equals("binpack")) {
                return ni == nj ? i.score < j.score : ni > nj;
            }
            return ni == nj ? i.score > j.score : ni < nj;
        }
        if (policy.equals("binpack")) {
            return i.score < j.score || (i.score == j.score && ni < nj);
        }
        if (policy.equals("mutex")) {
            return i.used > j.used || (i.used == j.used && ni < nj);
        }
        return i.score > j.score || (i.score == j.score && ni < nj);
    }

    private static List<String> tokens(@Nullable String v) {
        List<String> out = new ArrayList<>();
        if (v != null) {
            for (String t : v.split(",")) {
                if (!t.trim().isEmpty()) {
                    out.add(t.trim());
                }
            }
        }
        return out;
    }

    private static Object fit(List<Dev> devices, ContainerDeviceRequest request, Map<String, String> a,
                              Map<String, String> nodeAnn, String policy, boolean numaBind) {
        int originReq = request.nums();
        int nums = request.nums();
        int coresreq = request.coresReq();
        int prevnuma = -1;
        List<ContainerDevice> tmpDevs = new ArrayList<>();
        Map<String, Integer> reason = new TreeMap<>();
        boolean mutex = Arrays.stream(policy.split(",")).map(String::trim).anyMatch("mutex"::equals);
        boolean topo = Arrays.stream(policy.split(",")).map(String::trim).anyMatch("topology-aware"::equals);
        List<String> cordon = tokens(nodeAnn.get("hami.io/device-cordon"));
        for (int i = devices.size() - 1; i >= 0; i--) {
            Dev dev = devices.get(i);
            String type = dev.reg.info().type().toUpperCase(Locale.ROOT);
            if (!dev.reg.info().health()) {
                reason.merge("CardNotHealth", 1, Integer::sum);
                continue;
            }
            if (cordon.contains(dev.reg.id())) {
                reason.merge("CardCordoned", 1, Integer::sum);
                continue;
            }
            boolean typeOk = request.type().equals("NVIDIA");
            String use = a.get("nvidia.com/use-gputype");
            if (use != null && !use.isBlank()
                    && tokens(use).stream().noneMatch(t -> type.contains(t.toUpperCase(Locale.ROOT)))) {
                typeOk = false;
            }
            if (tokens(a.get("nvidia.com/nouse-gputype")).stream()
                    .anyMatch(t -> type.contains(t.toUpperCase(Locale.ROOT)))) {
                typeOk = false;
            }
            String mode = a.get("nvidia.com/vgpu-mode");
            if (mode != null && !mode.contains(dev.reg.info().mode())) {
                typeOk = false;
            }
            if (!typeOk) {
                reason.merge("CardTypeMismatch", 1, Integer::sum);
                continue;
            }
            if (numaBind && dev.reg.info().numa() != prevnuma) {
                if (nums != originReq) {
                    reason.merge("NumaNotFit", tmpDevs.size(), Integer::sum);
                }
                nums = originReq;
                prevnuma = dev.reg.info().numa();
                tmpDevs = new ArrayList<>();
            }
            String useUuid = a.get("nvidia.com/use-gpuuuid");
            boolean uuidOk = true;
            if (useUuid != null && !useUuid.isBlank() && !tokens(useUuid).contains(dev.reg.id())) {
                uuidOk = false;
            }
            if (tokens(a.get("nvidia.com/nouse-gpuuuid")).contains(dev.reg.id())) {
                uuidOk = false;
            }
            if (!uuidOk) {
                reason.merge("CardUuidMismatch", 1, Integer::sum);
                continue;
            }
            if (dev.reg.info().count() <= dev.used) {
                reason.merge("CardTimeSlicingExhausted", 1, Integer::sum);
                continue;
            }
            if (mutex && dev.used > 0) {
                reason.merge("ExclusiveDeviceAllocateConflict", 1, Integer::sum);
                continue;
            }
            if (coresreq > 100) {
                coresreq = 100;
            }
            int memreq = 0;
            if (request.memReq() > 0) {
                memreq = request.memReq();
            }
            if (request.memPercentReq() != 101 && request.memReq() == 0) {
                memreq = (int) ((long) dev.reg.info().devMem() * request.memPercentReq() / 100);
            }
            int totalmem = dev.reg.info().devMem();
            int totalcore = dev.reg.info().devCore();
            if (totalmem - dev.usedmem < memreq) {
                reason.merge("CardInsufficientMemory", 1, Integer::sum);
                continue;
            }
            if (totalcore - dev.usedcores < coresreq) {
                reason.merge("CardInsufficientCore", 1, Integer::sum);
                continue;
            }
            if (totalcore == 100 && coresreq == 100 && dev.used > 0) {
                reason.merge("ExclusiveDeviceAllocateConflict", 1, Integer::sum);
                continue;
            }
            if (totalcore != 0 && dev.usedcores == totalcore && coresreq == 0) {
                reason.merge("CardComputeUnitsExhausted", 1, Integer::sum);
                continue;
            }
            if (nums > 0) {
                if (!topo) {
                    nums--;
                }
                tmpDevs.add(new ContainerDevice(dev.reg.id(), "NVIDIA", memreq, coresreq));
            }
            if (nums == 0 && !topo) {
                return tmpDevs;
            }
        }
        if (topo && tmpDevs.size() >= originReq) {
            return ReferenceTopology.topology(tmpDevs, originReq, nodeAnn.get("hami.io/node-nvidia-score"));
        }
        if (!tmpDevs.isEmpty()) {
            reason.put("AllocatedCardsInsufficientRequest", tmpDevs.size());
        }
        List<String> parts = new ArrayList<>();
        reason.forEach((r, c) -> parts.add(c + "/" + devices.size() + " " + r));
        java.util.Collections.sort(parts);
        return String.join(", ", parts);
    }
}
