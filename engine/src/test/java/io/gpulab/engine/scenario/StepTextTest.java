package io.gpulab.engine.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** An unnamed check reads, in a report's check list, as what it expects: not "expectControlPlane tenant-a" 4 times. */
class StepTextTest {

    @Test
    void anUnnamedCheckNamesTheFieldsItStates() {
        assertEquals("expectControlPlane tenant-a: status NotReady, readyReplicas 0, serving false",
                StepText.of(new Step.ExpectControlPlane(1, "", "tenant-a", "NotReady", null, 0, null, false, null, null,
                        null)));
        assertEquals("expectPod tenant-a a-cpu: phase Running, node tenant-a-worker",
                StepText.of(new Step.ExpectPod(2, "", "tenant-a", "a-cpu", new PodExpect("Running", "tenant-a-worker",
                        null, null, null, null, null, null, null))));
        assertEquals("expectDataStore default: ready true, healthyMembers 3, usedBy [tenant-a, tenant-b]",
                StepText.of(new Step.ExpectDataStore(3, "", "default", true, 3, List.of("tenant-a", "tenant-b"))));
        // a text from the file is shown with its control characters visible, as every quoted value is
        assertEquals("expectControlPlane t: apiError a\\x1bb", StepText.of(new Step.ExpectControlPlane(4, "", "t", null,
                null, null, null, null, "a\u001bb", null, null)));
    }
}
