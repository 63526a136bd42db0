package io.gpulab.app.gui.walkthrough;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class WalkthroughLoaderTest {

    @Test
    void theShippedWalkthroughsLoad() {
        List<Walkthrough> all = WalkthroughLoader.builtIns();
        assertEquals(List.of("article-eight-tests", "running-is-not-proof", "node-lock", "what-the-tenants-share"),
                all.stream().map(Walkthrough::id).toList());
        assertTrue(all.stream().allMatch(w -> !w.steps().isEmpty() && !w.scenario().isEmpty()));
    }

    @Test
    void anUnknownCheckFieldIsNamedWithItsStep() {
        String yaml = "id: x\ntitle: X\nsteps:\n  - title: a\n    action: b\n"
                + "    check: {card: {tenant: t, usedMem: 1}}\n";
        var e = assertThrows(IllegalArgumentException.class, () -> WalkthroughLoader.parse("x.yaml", yaml));
        assertEquals("x.yaml: steps[0].check.card.usedMem: unknown field", e.getMessage());
    }

    @Test
    void aControlPlaneStatusKamajiDoesNotWriteIsRefused() {
        String yaml = "id: x\ntitle: X\nsteps:\n  - title: a\n    action: b\n"
                + "    check: {controlPlane: {tenant: t, status: Running}}\n";
        var e = assertThrows(IllegalArgumentException.class, () -> WalkthroughLoader.parse("x.yaml", yaml));
        assertEquals("x.yaml: steps[0].check.controlPlane.status: unknown status 'Running' (Kamaji's: Provisioning, "
                + "NotReady, Ready, Sleeping, WriteLimited, Upgrading, Migrating, Unknown)", e.getMessage());
    }

    @Test
    void aStepWithoutActionIsRefused() {
        String yaml = "id: x\ntitle: X\nsteps:\n  - title: a\n    check: {lifecycle: article}\n";
        var e = assertThrows(IllegalArgumentException.class, () -> WalkthroughLoader.parse("x.yaml", yaml));
        assertEquals("x.yaml: steps[0]: field action: missing", e.getMessage());
    }

    @Test
    void brokenYamlNamesTheLine() {
        var e = assertThrows(IllegalArgumentException.class, () -> WalkthroughLoader.parse("x.yaml", "id: [\n"));
        assertTrue(e.getMessage().startsWith("x.yaml:"), e.getMessage());
    }
}
