package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.gpulab.engine.api.ControlPlaneView;
import io.gpulab.engine.api.ManagementView;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Reads a Kamaji management cluster: the TenantControlPlanes with their phases and endpoints, the
 * DataStore, the MetalLB pool, and each tenant's {@code <tcp>-admin-kubeconfig} secret. Anything that
 * cannot be read becomes a warning, never an exception, so one broken tenant does not hide the others.
 */
public final class ManagementDiscovery {

    private static final ResourceDefinitionContext IP_POOL = new ResourceDefinitionContext.Builder()
            .withGroup("metallb.io").withVersion("v1beta1").withKind("IPAddressPool")
            .withPlural("ipaddresspools").withNamespaced(true).build();

    private final KubernetesClient client;
    private final String name;
    private boolean dataStoresServed = true;

    public ManagementDiscovery(KubernetesClient client, String name) {
        this.client = client;
        this.name = name;
    }

    /** The management cluster and one link per TCP, sorted by namespace and name. */
    public Result discover() {
        List<String> warnings = new ArrayList<>();
        List<GenericKubernetesResource> tcps = list(KamajiResources.TENANT_CONTROL_PLANE, warnings);
        // without its TenantControlPlanes the management cluster names no tenant: it was not read
        String unread = warnings.isEmpty() ? null : warnings.get(0);
        tcps.sort(Comparator.comparing((GenericKubernetesResource r) -> r.getMetadata().getNamespace())
                .thenComparing(r -> r.getMetadata().getName()));
        boolean kamajiServed = unread == null || !unread.startsWith("Kamaji is not installed");
        dataStoresServed = kamajiServed;
        List<GenericKubernetesResource> stores = kamajiServed ? list(KamajiResources.DATA_STORE, warnings)
                : new ArrayList<>();
        GenericKubernetesResource store = pickStore(stores, tcps);
        String pool = list(IP_POOL, new ArrayList<>()).stream().findFirst()
                .map(p -> String.join(",", stringList(p.get("spec", "addresses")))).orElse("");
        List<TenantLink> links = new ArrayList<>();
        for (GenericKubernetesResource tcp : tcps) {
            links.add(link(tcp));
        }
        String driver = store == null ? "" : new ObjectFields(store, new ArrayList<>()).string("spec", "driver");
        ManagementView view = new ManagementView(name, kamajiRunning(),
                store == null ? "" : store.getMetadata().getName(), driver, pool, warnings);
        return new Result(view, links, unread, dataStoresServed, tcps, stores);
    }

    /**
     * A resource the API server does not serve (HTTP 404 on its list): for Kamaji's, its CRDs are not installed. Said
     * as such rather than as "not found", which would read as "no TenantControlPlanes".
     */
    static String notServed(ResourceDefinitionContext ctx) {
        String what = ctx.getPlural() + "." + ctx.getGroup() + "/" + ctx.getVersion();
        return ctx.getGroup().equals(KamajiResources.TENANT_CONTROL_PLANE.getGroup())
                ? "Kamaji is not installed in the management cluster: it does not serve " + what + " (HTTP 404 on "
                + "its list; is the kamaji-crds chart installed?)"
                : "the management cluster does not serve " + what + " (HTTP 404 on its list)";
    }

    /** A Ready Kamaji controller Deployment (the chart's {@code app.kubernetes.io/name=kamaji} label). */
    private boolean kamajiRunning() {
        try {
            return client.apps().deployments().inAnyNamespace().withLabel("app.kubernetes.io/name", "kamaji").list()
                    .getItems().stream().anyMatch(d -> d.getStatus() != null && d.getStatus().getReadyReplicas() != null
                            && d.getStatus().getReadyReplicas() > 0);
        } catch (KubernetesClientException e) {
            return false;
        }
    }

    private List<GenericKubernetesResource> list(ResourceDefinitionContext ctx, List<String> warnings) {
        try {
            var op = client.genericKubernetesResources(ctx);
            var items = ctx.isNamespaceScoped() ? op.inAnyNamespace().list().getItems() : op.list().getItems();
            return new ArrayList<>(items);
        } catch (KubernetesClientException e) {
            warnings.add(ClientErrors.httpCode(e) == 404 ? notServed(ctx)
                    : "cannot list " + ctx.getPlural() + "." + ctx.getGroup() + ": " + ClientErrors.sentence(e));
            if (ClientErrors.httpCode(e) == 404 && ctx == KamajiResources.DATA_STORE) {
                dataStoresServed = false;
            }
            return new ArrayList<>();
        }
    }

    private static @Nullable GenericKubernetesResource pickStore(List<GenericKubernetesResource> stores,
                                                                 List<GenericKubernetesResource> tcps) {
        String used = tcps.stream().map(t -> new ObjectFields(t, new ArrayList<>()).string("status", "storage",
                        "dataStoreName"))
                .filter(s -> !s.isEmpty()).findFirst().orElse("default");
        return stores.stream().filter(s -> s.getMetadata().getName().equals(used)).findFirst()
                .orElse(stores.isEmpty() ? null : stores.get(0));
    }

    private TenantLink link(GenericKubernetesResource tcp) {
        String tcpName = tcp.getMetadata().getName();
        String ns = tcp.getMetadata().getNamespace();
        ControlPlaneView cp = TcpStatus.view(tcp);
        String secretName = new ObjectFields(tcp, new ArrayList<>()).string("status", "kubeconfig", "admin",
                "secretName");
        if (secretName.isEmpty()) {
            secretName = KamajiResources.adminSecretName(tcpName);
        }
        String source = "secret " + ns + "/" + secretName + " key " + KamajiResources.ADMIN_CONF_KEY;
        List<String> warnings = new ArrayList<>();
        Config cfg = null;
        try {
            Secret secret = client.secrets().inNamespace(ns).withName(secretName).get();
            String encoded = secret == null || secret.getData() == null ? null
                    : secret.getData().get(KamajiResources.ADMIN_CONF_KEY);
            if (encoded == null) {
                warnings.add(tcpName + ": " + source + " not found (is the TCP Ready?)");
            } else {
                // data, not code: never handed to Config.fromKubeconfig, which would run an exec plugin
                SecretKubeconfig.Parsed parsed = SecretKubeconfig.parse(
                        new String(Base64.getDecoder().decode(encoded), StandardCharsets.UTF_8));
                cfg = parsed.config();
                if (cfg == null) {
                    warnings.add(tcpName + ": " + source + " " + parsed.refusal());
                }
            }
        } catch (IllegalArgumentException e) {
            warnings.add(tcpName + ": " + source + " is not valid base64");
        } catch (KubernetesClientException e) {
            // the exception text never carries the secret's data, only the request and status
            warnings.add(tcpName + ": cannot read " + source + ": " + ClientErrors.sentence(e));
        } catch (RuntimeException e) {
            warnings.add(tcpName + ": " + source + " is not a valid kubeconfig");
        }
        return new TenantLink(tcpName, cp, cfg, source, warnings);
    }

    static String str(@Nullable Object o) {
        return o == null ? "" : o.toString();
    }

    private static List<String> stringList(@Nullable Object o) {
        return o instanceof List<?> l ? l.stream().map(String::valueOf).toList() : List.of();
    }

    /**
     * What discovery found.
     *
     * @param unread           why the TenantControlPlanes could not be listed (the tenants are unknown), or null
     * @param dataStoresServed false when the cluster answered 404 to a list of DataStores (no Kamaji CRDs)
     * @param tcps             the TenantControlPlanes as listed
     * @param dataStores       the DataStores as listed
     */
    public record Result(ManagementView management, List<TenantLink> tenants, @Nullable String unread,
                         boolean dataStoresServed, List<GenericKubernetesResource> tcps,
                         List<GenericKubernetesResource> dataStores) {
        public Result {
            tenants = List.copyOf(tenants);
            tcps = List.copyOf(tcps);
            dataStores = List.copyOf(dataStores);
        }
    }
}
