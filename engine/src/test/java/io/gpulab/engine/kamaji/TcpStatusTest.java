package io.gpulab.engine.kamaji;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Kamaji's computeStatus, one case per rule, each also shown to win over the rules after it. */
class TcpStatusTest {

    private static final String V1 = "v1.34.3";
    private static final String V2 = "v1.35.7";

    /** A stable Deployment of two replicas at {@code V1}, installed. */
    private static TcpStatus.Input stable() {
        return new TcpStatus.Input(2, 2, 2, 2, 0, true, false, V1, V1, false);
    }

    private static String status(TcpStatus.Input in) {
        return TcpStatus.compute(in).status();
    }

    @Test
    void zeroReplicasIsSleepingEvenWithNothingReadyOrWritesLimited() {
        assertEquals("Sleeping", status(new TcpStatus.Input(0, 0, 0, 0, 0, true, true, V1, V1, false)));
        assertEquals(V2, TcpStatus.compute(new TcpStatus.Input(0, 0, 0, 0, 0, true, false, V1, V2, false))
                .installedVersion(), "Sleeping records the spec's version");
    }

    @Test
    void noReadyReplicaIsNotReadyBeforeWriteLimitedAndUpgrading() {
        assertEquals("NotReady", status(new TcpStatus.Input(2, 2, 2, 0, 2, true, true, V1, V1, false)));
        assertEquals("NotReady", status(new TcpStatus.Input(2, 4, 2, 0, 2, true, false, V1, V2, false)));
        assertEquals("NotReady", status(new TcpStatus.Input(2, 2, 2, 0, 2, true, false, "", V1, false)),
                "a fresh TCP whose pods start is NotReady, not Provisioning");
    }

    @Test
    void writePermissionsAreWriteLimitedBeforeReady() {
        assertEquals("WriteLimited", status(new TcpStatus.Input(2, 2, 2, 2, 0, true, true, V1, V1, false)));
        assertEquals("WriteLimited", status(new TcpStatus.Input(2, 4, 2, 2, 2, true, true, V1, V2, false)),
                "before Upgrading too");
    }

    @Test
    void aStableDeploymentIsReadyAndRecordsTheSpecVersion() {
        assertEquals("Ready", status(stable()));
        TcpStatus.Result r = TcpStatus.compute(new TcpStatus.Input(2, 2, 2, 2, 0, true, false, "", V1, false));
        assertEquals("Ready", r.status());
        assertEquals(V1, r.installedVersion(), "the first Ready records the version: Provisioning is over");
    }

    @Test
    void aRolloutToAnotherVersionIsUpgradingAndKeepsTheInstalledVersion() {
        TcpStatus.Result r = TcpStatus.compute(new TcpStatus.Input(2, 4, 2, 2, 2, true, false, V1, V2, false));
        assertEquals("Upgrading", r.status());
        assertEquals(V1, r.installedVersion());
    }

    @Test
    void progressingWithoutAnInstalledVersionIsProvisioning() {
        assertEquals("Provisioning", status(new TcpStatus.Input(2, 2, 2, 1, 1, true, false, "", V1, false)));
    }

    @Test
    void aLostReplicaBeingReplacedAtTheInstalledVersionIsUnknown() {
        // Kamaji's last case: progressing, versions equal, one installed
        assertEquals("Unknown", status(new TcpStatus.Input(2, 2, 2, 1, 1, true, false, V1, V1, false)));
        assertEquals("Unknown", status(new TcpStatus.Input(2, 2, 2, 2, 0, false, false, V1, V1, false)),
                "a generation not yet observed is progressing");
    }

    @Test
    void aMigrationIsMigrating() {
        assertEquals("Migrating", status(new TcpStatus.Input(2, 2, 2, 2, 0, true, false, V1, V1, true)));
    }
}
