package io.gpulab.engine.kind;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.engine.lab.ControlPlaneSpec;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.scenario.ScenarioReader;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

/**
 * The kind lab's TenantControlPlanes are generated from the scenario's controlPlane: compared byte for byte with the
 * manifest Kamaji's CRD takes, for a stated control plane and for a tenant that states none.
 */
class TcpManifestTest {

    private static final String SCENARIO = """
            apiVersion: gpulab.io/v1
            kind: Scenario
            metadata: {name: kind-tcp}
            lab:
              tenants:
                - name: tenant-a
                  controlPlane:
                    kubernetes: {version: v1.35.7}
                    controlPlane:
                      service: {serviceType: LoadBalancer}
                      deployment:
                        replicas: 3
                        resources:
                          apiServer: {requests: {cpu: 250m, memory: 512Mi}}
                          controllerManager: {requests: {cpu: "1", memory: 256Mi}}
                          scheduler: {limits: {cpu: 125m, memory: 128Mi}}
                        strategy: {type: RollingUpdate, rollingUpdate: {maxSurge: 1, maxUnavailable: 0}}
                        nodeSelector: {pool: cp}
                    dataStoreSchema: tenant_a
                    addons:
                      konnectivity:
                        server: {port: 8132, resources: {requests: {cpu: 100m, memory: 128Mi}}}
                        agent: {mode: Deployment, replicas: 2}
                    writePermissions: {blockCreation: true}
                  workers:
                    - {name: tenant-a-worker, cards: [{model: A100-80GB}]}
                - name: tenant-b
                  workers:
                    - {name: tenant-b-worker, cards: [{model: L4}]}
            steps: []
            """;

    private static LabSpec lab(String text) {
        return new ScenarioReader().read("kind-tcp.yaml", new StringReader(text), false).lab();
    }

    @Test
    void aStatedControlPlaneIsTheTcpKindApplies() {
        ControlPlaneSpec cp = lab(SCENARIO).tenants().get(0).controlPlane();
        assertEquals("""
                apiVersion: kamaji.clastix.io/v1alpha1
                kind: TenantControlPlane
                metadata:
                  name: tenant-a
                  namespace: default
                  labels:
                    tenant.clastix.io: tenant-a
                    io.gpulab.lab: gpulab-kind-tcp
                spec:
                  dataStore: default
                  dataStoreSchema: tenant_a
                  controlPlane:
                    deployment:
                      replicas: 3
                      strategy:
                        type: RollingUpdate
                        rollingUpdate:
                          maxSurge: 1
                          maxUnavailable: 0
                      resources:
                        apiServer:
                          requests:
                            cpu: 250m
                            memory: 512Mi
                        controllerManager:
                          requests:
                            cpu: "1"
                            memory: 256Mi
                        scheduler:
                          requests:
                            cpu: 125m
                            memory: 128Mi
                      nodeSelector:
                        pool: cp
                    service:
                      serviceType: LoadBalancer
                  kubernetes:
                    version: v1.35.7
                    kubelet:
                      configurationJSONPatches:
                      - op: replace
                        path: /cgroupDriver
                        value: systemd
                      - op: add
                        path: /failSwapOn
                        value: false
                  networkProfile:
                    port: 6443
                  addons:
                    coreDNS: {}
                    kubeProxy: {}
                    konnectivity:
                      server:
                        port: 8132
                        resources:
                          requests:
                            cpu: 100m
                            memory: 128Mi
                      agent:
                        mode: Deployment
                        replicas: 2
                  writePermissions:
                    blockCreation: true
                    blockUpdate: false
                    blockDeletion: false
                """, TcpManifest.yaml("tenant-a", "gpulab-kind-tcp", cp));
        assertEquals("WriteLimited", TcpManifest.settledStatus(cp), "kind up waits for the status Kamaji settles on");
    }

    @Test
    void aTenantWithoutControlPlaneGetsKamajisDefaults() {
        ControlPlaneSpec cp = lab(SCENARIO).tenants().get(1).controlPlane();
        String yaml = TcpManifest.yaml("tenant-b", "gpulab-kind-tcp", cp);
        assertTrue(yaml.contains("""
                    deployment:
                      replicas: 2
                      strategy:
                        type: RollingUpdate
                        rollingUpdate:
                          maxSurge: 100%
                          maxUnavailable: 0
                    service:
                      serviceType: LoadBalancer
                  kubernetes:
                    version: v1.35.0
                """), yaml);
        assertTrue(yaml.contains("""
                    konnectivity:
                      server:
                        port: 8132
                      agent:
                        mode: DaemonSet
                """), yaml);
        assertTrue(!yaml.contains("writePermissions") && !yaml.contains("dataStoreSchema") && !yaml.contains("resources"),
                yaml);
        assertEquals("Ready", TcpManifest.settledStatus(cp));
        assertEquals("Sleeping", TcpManifest.settledStatus(cp.withReplicas(0)));
    }

    @Test
    void theKindLabCarriesEachTenantsControlPlane() {
        KindLabConfig cfg = KindLabSpecs.forScenario(lab(SCENARIO));
        assertEquals(3, cfg.tenants().get(0).controlPlane().replicas());
        assertEquals("v1.35.0", cfg.tenants().get(1).controlPlane().version().text());
    }

    @Test
    void aDataStoreTheKindLabDoesNotBuildIsRefusedNamingIt() {
        String other = SCENARIO.replace("lab:\n", """
                lab:
                  management:
                    dataStores:
                      - {name: default, driver: etcd, members: 3}
                      - {name: pg, driver: PostgreSQL}
                """).replace("dataStoreSchema: tenant_a", "dataStoreSchema: tenant_a\n        dataStore: pg");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> KindLabSpecs.forScenario(lab(other)));
        assertEquals("tenant tenant-a: its control plane uses the DataStore pg (PostgreSQL), but the kind lab builds "
                + "only Kamaji's default DataStore 'default' (kamaji-etcd); use the kind lab with spec.dataStore: "
                + "default", e.getMessage());
    }
}
