package io.gpulab.engine.kamaji;

import io.gpulab.engine.lab.KubeVersion;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class VersionSkewTest {

    private static KubeVersion v(String s) {
        return KubeVersion.parse(s, "version");
    }

    @Test
    void aKubeletUpToThreeMinorsOlderIsSupportedPatchesDoNotCount() {
        assertNull(VersionSkew.violation(v("v1.35.7"), v("v1.32.0")));
        assertNull(VersionSkew.violation(v("v1.35.0"), v("v1.35.7")), "a newer patch of the same minor");
    }

    @Test
    void aKubeletNewerThanTheApiServerBreaksThePolicy() {
        assertEquals("kubelet v1.36.1 is newer than kube-apiserver v1.35.7: " + VersionSkew.POLICY,
                VersionSkew.violation(v("v1.35.7"), v("v1.36.1")));
    }

    @Test
    void aKubeletFourMinorsOlderBreaksItAndBefore125TwoIsTheLimit() {
        assertEquals("kubelet v1.31.4 is 4 minor versions older than kube-apiserver v1.35.7: " + VersionSkew.POLICY,
                VersionSkew.violation(v("v1.35.7"), v("v1.31.4")));
        assertEquals("kubelet v1.24.0 is 3 minor versions older than kube-apiserver v1.27.0: " + VersionSkew.POLICY,
                VersionSkew.violation(v("v1.27.0"), v("v1.24.0")));
    }
}
