package io.gpulab.engine.kind;

import io.gpulab.engine.kind.DockerOps.ExecResult;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * The article's lab as ordered steps (the article's kind lab: Kamaji, Konnectivity, HAMi): images, the kind network, the
 * management node and kubeadm init, Calico, storage, MetalLB with a pool from the kind network,
 * cert-manager, Kamaji with kamaji-etcd, one TenantControlPlane per tenant, worker containers joined
 * with kubeadm join, Calico and Konnectivity agents in each tenant, HAMi with its mock device plugin,
 * the mock cards (node annotation + capacity patch), and the hand-over kubeconfig.
 */
public final class KindPlan {

    static final String MGMT_KUBECONFIG = "/var/gpulab/management.kubeconfig";

    private final KindLabConfig cfg;
    private final KindVersions v;
    private final String cp;

    private KindPlan(KindLabConfig cfg, KindVersions v) {
        this.cfg = cfg;
        this.v = v;
        this.cp = cfg.controlPlane();
    }

    public static List<LabStep> steps(KindLabConfig cfg, KindVersions versions) {
        return new KindPlan(cfg, versions).build();
    }

    /** The images the lab starts containers from. */
    public static List<String> images(KindVersions v) {
        return List.of(v.get("node.image"), v.get("helm.image"));
    }

    private List<LabStep> build() {
        List<LabStep> s = new ArrayList<>();
        s.add(new LabStep("images", "pull " + String.join(", ", images(v)),
                ops -> images(v).stream().allMatch(ops::imagePresent),
                ops -> images(v).stream().filter(i -> !ops.imagePresent(i)).forEach(ops::pull)));
        s.add(new LabStep("network", "Docker network '" + cfg.network() + "'",
                ops -> ops.ownNetwork(cfg.network(), cfg.lab()).isPresent(),
                ops -> ops.createNetwork(cfg.network(), cfg.lab())));
        s.add(new LabStep("management-node", "management node " + cp + " (kindest/node, kind's flags)",
                ops -> ops.ownContainer(cp, cfg.lab()).map(c -> "running".equals(c.getState())).orElse(false),
                ops -> {
                    if (ops.ownContainer(cp, cfg.lab()).isPresent()) {
                        ops.ensureRunning(cp);
                    } else {
                        ops.runNode(v.get("node.image"), cp, cfg.network(), KindLabels.node(cfg.lab(), "control-plane", ""),
                                cfg.apiServerPort());
                    }
                }));
        s.add(new LabStep("kubeadm-init", "kubeadm init on " + cp,
                ops -> ops.exec(cp, "test", "-f", "/etc/kubernetes/admin.conf").ok(), this::kubeadmInit));
        s.add(applyUrl("calico", "Calico " + v.get("calico.version"), "", "ds/calico-node", "kube-system",
                v.get("calico.manifest")));
        s.add(kubectlStep("storage", "local-path storage (kind's default-storage.yaml)", "",
                List.of("get", "storageclass", "standard"),
                List.of("apply", "-f", "/kind/manifests/default-storage.yaml")));
        s.add(new LabStep("metallb", "MetalLB " + v.get("metallb.version") + " with a pool from the kind network",
                ops -> kubectl(ops, "", "get", "ipaddresspool", "kind-ip-pool", "-n", "metallb-system").ok(),
                this::metallb));
        s.add(applyUrl("cert-manager", "cert-manager " + v.get("certmanager.version"), "",
                "deploy/cert-manager-webhook", "cert-manager", v.get("certmanager.manifest")));
        s.add(new LabStep("kamaji", "Kamaji + kamaji-etcd (chart " + v.get("kamaji.chartVersion") + ")",
                ops -> kubectl(ops, "", "get", "datastore", "default").ok(),
                ops -> helm(ops, "kamaji", MGMT_KUBECONFIG, List.of("upgrade", "--install", "kamaji",
                        v.get("kamaji.chart"), "--repo", v.get("kamaji.repo"),
                        "--version", v.get("kamaji.chartVersion"),
                        "-n", "kamaji-system", "--create-namespace", "--set", "resources=null"))));
        for (KindLabConfig.Tenant t : cfg.tenants()) {
            s.add(new LabStep("tcp-" + t.name(), "TenantControlPlane " + t.name() + " ("
                    + t.controlPlane().version().text() + ", " + t.controlPlane().replicas() + " replicas)",
                    ops -> kubectl(ops, "", "wait", "tcp/" + t.name(), "--for=jsonpath="
                            + "{.status.kubernetesResources.version.status}=" + TcpManifest.settledStatus(
                                    t.controlPlane()), "--timeout=0s").ok()
                            && ops.exec(cp, "test", "-f", tenantConf(t.name())).ok(),
                    ops -> tenantControlPlane(ops, t)));
        }
        for (KindLabConfig.Tenant t : cfg.tenants()) {
            for (KindLabConfig.Worker w : t.workers()) {
                s.add(new LabStep("worker-" + w.name(), "worker " + w.name() + " joins " + t.name(),
                        ops -> ops.ownContainer(w.name(), cfg.lab()).isPresent()
                                && ops.exec(w.name(), "test", "-f", "/etc/kubernetes/kubelet.conf").ok(),
                        ops -> joinWorker(ops, t.name(), w.name())));
            }
            s.add(applyUrl("cni-" + t.name(), "Calico in " + t.name(), t.name(), "ds/calico-node", "kube-system",
                    v.get("calico.manifest")));
            s.add(kubectlStep("konnectivity-" + t.name(), "Konnectivity agents connected in " + t.name(), t.name(),
                    List.of("rollout", "status", "ds/konnectivity-agent", "-n", "kube-system", "--timeout=0s"),
                    List.of("rollout", "status", "ds/konnectivity-agent", "-n", "kube-system", "--timeout=300s")));
            s.add(new LabStep("hami-" + t.name(), "HAMi " + v.get("hami.chartVersion") + " + mock device plugin in "
                    + t.name(), ops -> kubectl(ops, t.name(), "get", "deploy/hami-scheduler", "-n", "kube-system").ok(),
                    ops -> helm(ops, "hami-" + t.name(), tenantConf(t.name()), List.of("upgrade", "--install", "hami",
                            v.get("hami.chart"), "--repo", v.get("hami.repo"), "--version", v.get("hami.chartVersion"),
                            "-n", "kube-system", "--set", "mockDevicePlugin.enabled=true"))));
            for (KindLabConfig.Worker w : t.workers()) {
                s.add(new LabStep("cards-" + w.name(), "mock cards on " + w.name() + " (" + w.gpuSlots() + " slots)",
                        ops -> kubectl(ops, t.name(), "wait", "node/" + w.name(),
                                "--for=jsonpath={.status.capacity.nvidia\\.com/gpu}=" + w.gpuSlots(),
                                "--timeout=0s").ok(), ops -> mockCards(ops, t.name(), w)));
            }
        }
        // done only when the file holds this lab's current credentials: a file left by an earlier lab of the
        // same name (or by one torn down by hand) would hand stale credentials to the cluster backend
        s.add(new LabStep("handover", "management kubeconfig for the cluster backend: " + cfg.kubeconfigOut(),
                ops -> KubeconfigFile.holds(cfg.kubeconfigOut(), managementKubeconfig(ops)), this::handover));
        return s;
    }

    private void kubeadmInit(DockerOps ops) {
        String conf = KindVersions.render("kubeadm-init.yaml", Map.of("lab", cfg.lab(),
                "kubernetesVersion", v.get("tenant.kubernetesVersion")));
        must(ops, cp, "write /kind/kubeadm.conf", writeFile("/kind/kubeadm.conf", conf));
        must(ops, cp, "kubeadm init", "kubeadm", "init", "--config=/kind/kubeadm.conf", "--skip-token-print", "--v=6");
        must(ops, cp, "keep the admin kubeconfig in /var/gpulab", "sh", "-c",
                "mkdir -p /var/gpulab && cp /etc/kubernetes/admin.conf " + MGMT_KUBECONFIG);
        must(ops, cp, "let pods run on the management node", "kubectl", "--kubeconfig=" + MGMT_KUBECONFIG,
                "taint", "nodes", "--all", "node-role.kubernetes.io/control-plane-");
    }

    private void metallb(DockerOps ops) {
        mustKubectl(ops, "", "apply", "-f", v.get("metallb.manifest"));
        mustKubectl(ops, "", "wait", "-n", "metallb-system", "pod", "-l", "app=metallb", "--for=condition=Ready",
                "--timeout=300s");
        String pool = pool(ops.ipv4Subnet(cfg.network()));
        String yaml = KindVersions.render("metallb-pool.yaml", Map.of("pool", pool));
        must(ops, cp, "write the MetalLB pool", writeFile("/var/gpulab/metallb-pool.yaml", yaml));
        mustKubectl(ops, "", "apply", "-f", "/var/gpulab/metallb-pool.yaml");
    }

    /** {@code <a>.<b>.255.200-<a>.<b>.255.250} from the kind network's IPv4 subnet (Kamaji docs). */
    static String pool(String subnet) {
        String[] o = subnet.split("[./]");
        if (o.length < 4) {
            throw new KindException("the kind network has no IPv4 subnet (got '" + subnet + "')");
        }
        return o[0] + "." + o[1] + ".255.200-" + o[0] + "." + o[1] + ".255.250";
    }

    private void tenantControlPlane(DockerOps ops, KindLabConfig.Tenant t) {
        String tenant = t.name();
        String yaml = TcpManifest.yaml(tenant, cfg.lab(), t.controlPlane());
        must(ops, cp, "write the TCP of " + tenant, writeFile("/var/gpulab/tcp-" + tenant + ".yaml", yaml));
        mustKubectl(ops, "", "apply", "-f", "/var/gpulab/tcp-" + tenant + ".yaml");
        mustKubectl(ops, "", "wait", "tcp/" + tenant, "--for=jsonpath={.status.kubernetesResources.version.status}="
                + TcpManifest.settledStatus(t.controlPlane()), "--timeout=600s");
        must(ops, cp, "read " + tenant + "-admin-kubeconfig", "sh", "-c", "kubectl --kubeconfig=" + MGMT_KUBECONFIG
                + " get secret " + tenant + "-admin-kubeconfig -o jsonpath='{.data.admin\\.conf}' | base64 -d > "
                + tenantConf(tenant));
    }

    private void joinWorker(DockerOps ops, String tenant, String worker) {
        if (ops.ownContainer(worker, cfg.lab()).isEmpty()) {
            ops.runNode(v.get("node.image"), worker, cfg.network(), KindLabels.node(cfg.lab(), "worker", tenant), 0);
        } else {
            ops.ensureRunning(worker);
        }
        ExecResult join = ops.exec(cp, "kubeadm", "--kubeconfig=" + tenantConf(tenant), "token", "create",
                "--print-join-command");
        if (!join.ok() || !join.output().trim().startsWith("kubeadm join")) {
            // the output may carry a bootstrap token: never put it in a message
            throw new KindException("could not create a join token in " + tenant + " (" + join + ")");
        }
        ops.exec(worker, "modprobe", "br_netfilter");   // may be built in; the join's preflight decides
        must(ops, worker, "swapoff", "swapoff", "-a");
        ExecResult joined = ops.exec(worker, "sh", "-c", join.output().trim()
                + " --ignore-preflight-errors=SystemVerification,FileExisting");
        if (!joined.ok()) {
            throw new KindException("kubeadm join of " + worker + " into " + tenant + " failed (" + joined + ")");
        }
    }

    private void mockCards(DockerOps ops, String tenant, KindLabConfig.Worker w) {
        mustKubectl(ops, tenant, "annotate", "node", w.name(), "--overwrite",
                "hami.io/node-nvidia-register=" + w.registerAnnotation());
        mustKubectl(ops, tenant, "patch", "node", w.name(), "--subresource=status", "--type=json", "-p",
                "[{\"op\":\"add\",\"path\":\"/status/capacity/nvidia.com~1gpu\",\"value\":\"" + w.gpuSlots() + "\"}]");
    }

    private void handover(DockerOps ops) {
        KubeconfigFile.write(cfg.kubeconfigOut(), managementKubeconfig(ops));
    }

    /** The management cluster's admin kubeconfig, pointed at the published API server port. */
    private String managementKubeconfig(DockerOps ops) {
        ExecResult r = ops.exec(cp, "sed", "s#server: https://.*#server: https://127.0.0.1:" + cfg.apiServerPort()
                + "#", "/etc/kubernetes/admin.conf");
        if (!r.ok()) {
            throw new KindException("could not read the management kubeconfig (" + r + ")");
        }
        return r.output();
    }

    private void helm(DockerOps ops, String name, String kubeconfig, List<String> args) {
        List<String> cmd = new ArrayList<>(args);
        cmd.addAll(List.of("--kubeconfig", kubeconfig, "--wait", "--timeout", "15m"));
        long code = ops.runOnce(v.get("helm.image"), cfg.lab() + "-helm-" + name, cp, cfg.network(),
                Map.of(KindLabels.LAB, cfg.lab()), cmd);
        if (code != 0) {
            throw new KindException("helm " + String.join(" ", args.subList(0, Math.min(3, args.size())))
                    + " exited with " + code);
        }
    }

    private LabStep applyUrl(String id, String title, String tenant, String object, String ns, String url) {
        return kubectlStep(id, title, tenant, List.of("get", object, "-n", ns), List.of("apply", "-f", url));
    }

    private LabStep kubectlStep(String id, String title, String tenant, List<String> check, List<String> apply) {
        return new LabStep(id, title, ops -> kubectl(ops, tenant, check.toArray(String[]::new)).ok(),
                ops -> mustKubectl(ops, tenant, apply.toArray(String[]::new)));
    }

    private ExecResult kubectl(DockerOps ops, String tenant, String... args) {
        List<String> cmd = new ArrayList<>(List.of("kubectl",
                "--kubeconfig=" + (tenant.isEmpty() ? MGMT_KUBECONFIG : tenantConf(tenant))));
        cmd.addAll(List.of(args));
        return ops.exec(cp, cmd.toArray(String[]::new));
    }

    private void mustKubectl(DockerOps ops, String tenant, String... args) {
        ExecResult r = kubectl(ops, tenant, args);
        if (!r.ok()) {
            throw new KindException("kubectl " + String.join(" ", args) + (tenant.isEmpty() ? "" : " in " + tenant)
                    + " failed (" + r + "): " + tail(r.output()));
        }
    }

    private static void must(DockerOps ops, String container, String what, String... cmd) {
        ExecResult r = ops.exec(container, cmd);
        if (!r.ok()) {
            throw new KindException(what + " in " + container + " failed (" + r + "): " + tail(r.output()));
        }
    }

    private static String[] writeFile(String path, String content) {
        String b64 = Base64.getEncoder().encodeToString(content.getBytes(StandardCharsets.UTF_8));
        return new String[] {"sh", "-c", "mkdir -p $(dirname " + path + ") && echo " + b64 + " | base64 -d > " + path};
    }

    static String tenantConf(String tenant) {
        return "/var/gpulab/" + tenant + ".kubeconfig";
    }

    private static String tail(String out) {
        String t = out.strip();
        return t.length() > 400 ? "..." + t.substring(t.length() - 400) : t;
    }
}
