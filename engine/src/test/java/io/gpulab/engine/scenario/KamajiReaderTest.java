package io.gpulab.engine.scenario;

import io.gpulab.engine.lab.ControlPlaneSpec;
import io.gpulab.engine.lab.DataStoreSpec;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.lab.PodResources;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** lab.management and a tenant's controlPlane: Kamaji's shapes, its defaults, verbatim manifests, located errors. */
class KamajiReaderTest {

    private static String doc(String management, String controlPlane) {
        return """
                apiVersion: gpulab.io/v1
                kind: Scenario
                metadata: {name: k}
                lab:
                %s  tenants:
                    - name: tenant-a
                      workers: [{name: w-a, kubeletVersion: v1.34.2, cards: [{model: L4-24GB}]}]
                %s""".formatted(management, controlPlane);
    }

    private static LabSpec read(String yaml) {
        return new ScenarioReader().read("k.yaml", new StringReader(yaml), false).lab();
    }

    private static String error(String yaml) {
        return assertThrows(ScenarioException.class, () -> read(yaml)).getMessage();
    }

    @Test
    void aLabWithoutKamajiKeysHasTodaysControlPlaneAndTheArticlesManagementCluster() {
        LabSpec lab = read(doc("", ""));
        ControlPlaneSpec cp = lab.tenants().get(0).controlPlane();
        assertEquals(ControlPlaneSpec.defaults(), cp);
        assertEquals("v1.35.0", cp.version().text());
        assertEquals(2, cp.replicas());
        assertEquals(PodResources.NONE, cp.request(ControlPlaneSpec.KUBE_APISERVER), "Kamaji sets no resources");
        assertEquals("kamaji-control-plane", lab.management().nodes().get(0).name());
        assertEquals(List.of("kamaji-etcd-0", "kamaji-etcd-1", "kamaji-etcd-2"), lab.management().dataStores().get(0)
                .members().stream().map(DataStoreSpec.Member::name).toList());
        assertEquals("v1.34.2", lab.tenants().get(0).kubeletOf(lab.tenants().get(0).workers().get(0)).text());
    }

    @Test
    void aVerbatimTenantControlPlaneIsReadWithKamajisDefaultsAndItsUnmodelledKeysNamed() {
        LabSpec lab = read(doc("", """
                      controlPlane:
                        apiVersion: kamaji.clastix.io/v1alpha1
                        kind: TenantControlPlane
                        metadata: {name: tenant-a, namespace: tenants, labels: {tenant.clastix.io: tenant-a}}
                        spec:
                          dataStore: default
                          controlPlane:
                            deployment:
                              replicas: 3
                              resources:
                                apiServer: {requests: {cpu: 250m, memory: 512Mi}}
                                scheduler: {limits: {cpu: 125m, memory: 256Mi}}
                              tolerations: [{key: node-role.kubernetes.io/control-plane, operator: Exists}]
                            service: {serviceType: LoadBalancer}
                          kubernetes:
                            version: "v1.35.7"
                            kubelet: {cgroupfs: systemd}
                          networkProfile: {port: 6443}
                          addons:
                            coreDNS: {}
                            konnectivity: {server: {port: 8132, resources: {requests: {cpu: 100m, memory: 128Mi}}},
                                           agent: {mode: Deployment, replicas: 2}}
                          writePermissions: {blockCreation: true}
                        status: {kubernetesResources: {version: {status: Ready}}}
                """));
        ControlPlaneSpec cp = lab.tenants().get(0).controlPlane();
        assertEquals("tenants", cp.namespace());
        assertEquals(3, cp.replicas());
        assertEquals(PodResources.of("250m", "512Mi"), cp.request(ControlPlaneSpec.KUBE_APISERVER));
        assertEquals(PodResources.of("125m", "256Mi"), cp.request(ControlPlaneSpec.KUBE_SCHEDULER),
                "limits stand in for requests, as the API server defaults them");
        assertEquals(PodResources.of("100m", "128Mi"), cp.request(ControlPlaneSpec.KONNECTIVITY_SERVER));
        assertEquals(new ControlPlaneSpec.Konnectivity(8132, "Deployment", 2), cp.konnectivity());
        assertTrue(cp.writePermissions().blockCreation());
        assertEquals(List.of("spec.controlPlane.deployment.tolerations"), cp.notModelled());
        assertEquals("v1.35.7", cp.version().text());
        assertEquals("v1.34.2", lab.tenants().get(0).kubeletOf(lab.tenants().get(0).workers().get(0)).text(),
                "a worker's stated kubelet, not the control plane's");
    }

    @Test
    void theShortFormNeedsWhatTheCrdRequires() {
        assertTrue(error(doc("", """
                      controlPlane:
                        controlPlane: {service: {serviceType: LoadBalancer}}
                """)).contains("missing required key 'kubernetes'"));
        assertTrue(error(doc("", """
                      controlPlane:
                        kubernetes: {version: v1.35}
                        controlPlane: {service: {serviceType: LoadBalancer}}
                """)).contains("'v1.35' is not a Kubernetes version such as v1.35.7"));
        String unknown = error(doc("", """
                      controlPlane:
                        kubernetes: {version: v1.35.0}
                        controlPlane: {service: {serviceType: LoadBalancer}, deployment: {replica: 2}}
                """));
        assertTrue(unknown.startsWith("k.yaml:10: lab.tenants[0].controlPlane.controlPlane.deployment.replica: "
                + "unknown key"), unknown);
        assertTrue(error(doc("", """
                      controlPlane:
                        apiVersion: kamaji.clastix.io/v1alpha1
                        kind: TenantControlPlane
                        metadata: {name: tenant-x}
                        spec: {kubernetes: {version: v1.35.0}, controlPlane: {service: {serviceType: NodePort}}}
                """)).contains("the TenantControlPlane is named 'tenant-x' but the tenant is 'tenant-a'"));
        assertTrue(error(doc("", """
                      controlPlane:
                        kubernetes: {version: v1.35.0}
                        controlPlane: {service: {serviceType: LoadBalancer}}
                        addons: {konnectivity: {agent: {mode: DaemonSet, replicas: 2}}}
                """)).contains("replicas must be 0 (or unset) when mode is DaemonSet"));
    }

    @Test
    void managementNodesAndDataStoresIncludingAVerbatimOne() {
        LabSpec lab = read(doc("""
                  management:
                    nodes:
                      - {name: m1, cpu: 8, memoryMiB: 16384, zone: a}
                      - {name: m2, cpu: 8, memoryMiB: 16384, zone: b}
                    dataStores:
                      - apiVersion: kamaji.clastix.io/v1alpha1
                        kind: DataStore
                        metadata: {name: etcd-a}
                        spec:
                          driver: etcd
                          endpoints: [etcd-a-0.etcd-a.kamaji-system.svc.cluster.local:2379, 10.0.0.9:2379]
                      - {name: pg, driver: PostgreSQL}
                """, """
                      controlPlane:
                        dataStore: pg
                        kubernetes: {version: v1.35.0}
                        controlPlane: {service: {serviceType: LoadBalancer}}
                """));
        DataStoreSpec etcd = lab.management().dataStores().get(0);
        assertEquals(List.of(new DataStoreSpec.Member("etcd-a-0", true), new DataStoreSpec.Member("10.0.0.9", false)),
                etcd.members());
        assertEquals(2, etcd.quorum(), "two members: both must answer");
        assertEquals("a", lab.management().nodes().get(0).zone());
        assertEquals("pg", lab.management().dataStoreOf(lab.tenants().get(0).controlPlane()).name());
        assertNull(lab.tenants().get(0).controlPlane().konnectivity(), "no addons stated: no Konnectivity");
        assertTrue(error(doc("""
                  management:
                    dataStores: [{name: pg, driver: MySQL, members: 2}]
                """, "")).contains("gpulab models a MySQL DataStore as one server"));
        assertTrue(error(doc("", """
                      controlPlane:
                        dataStore: other
                        kubernetes: {version: v1.35.0}
                        controlPlane: {service: {serviceType: LoadBalancer}}
                """)).contains("spec.dataStore: no DataStore 'other' (DataStores: default)"));
    }
}
