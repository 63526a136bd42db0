package io.gpulab.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gpulab kind}: the plan needs no Docker; preflight against an absent daemon answers readably. */
class KindCommandTest {

    @TempDir
    Path dir;

    @Test
    void planListsTheArticlesStepsWithoutDocker() {
        CliHarness.Result r = CliHarness.run("kind", "plan");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains(" 1. images"), r.out());
        assertTrue(r.out().contains("tcp-tenant-a"), r.out());
        assertTrue(r.out().contains("cards-tenant-b-worker"), r.out());
        assertTrue(r.out().contains("22. handover"), r.out());
    }

    @Test
    void preflightWithoutDockerFailsWithAReadableAnswer() {
        String sock = "unix://" + dir.resolve("absent.sock");
        CliHarness.Result r = CliHarness.run("kind", "preflight", "--docker-host", sock);
        assertEquals(1, r.exit(), r.out() + r.err());
        assertTrue(r.out().startsWith("FAIL     docker  Docker is not reachable: ping Docker at " + sock), r.out());
        assertTrue(r.out().contains("SKIPPED  cpu"), r.out());
    }
}
