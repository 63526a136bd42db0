package io.gpulab.engine.kind;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.DockerClient;
import io.gpulab.engine.kind.PreflightCheck.Status;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Preflight answers, including a real docker-java client against an absent and a hung daemon. */
class KindPreflightTest {

    static final List<String> IMAGES = List.of("kindest/node:v1.35.0");
    static final Duration DEADLINE = Duration.ofSeconds(2);
    @TempDir
    Path dir;

    static HostResources host(long freeRam, long freeDisk) {
        return new HostResources() {
            @Override
            public long availableMemoryBytes() {
                return freeRam;
            }

            @Override
            public long usableDiskBytes(String path) {
                return freeDisk;
            }
        };
    }

    @Test
    void absentDaemonFailsFastWithAReadableMessage() {
        String sock = "unix://" + dir.resolve("no-docker.sock");
        try (DockerClient docker = DockerConnection.open(sock)) {
            long start = System.nanoTime();
            List<PreflightCheck> r = new Preflight(docker, sock, host(-1, -1), DEADLINE).run(IMAGES);
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertEquals(Status.FAIL, r.get(0).status());
            assertTrue(r.get(0).detail().startsWith("Docker is not reachable: ping Docker at " + sock),
                    r.get(0).detail());
            assertTrue(r.get(0).detail().contains("No such file or directory"), r.get(0).detail());
            assertTrue(r.get(0).detail().contains("Start Docker"), r.get(0).detail());
            assertTrue(r.stream().skip(1).allMatch(c -> c.status() == Status.SKIPPED));
            // generous: the point is that it returns at all (a hung socket would block forever)
            assertTrue(millis < DEADLINE.toMillis() + 8000, "took " + millis + " ms");
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aDaemonThatNeverAnswersIsCutAtTheDeadline() throws Exception {
        Path path = dir.resolve("hung.sock");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(path));
            Thread acceptor = new Thread(() -> {
                try (SocketChannel ignored = server.accept()) {
                    Thread.sleep(60_000);   // accept, read nothing, answer nothing
                } catch (Exception e) {
                    // closed by the test
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            String sock = "unix://" + path;
            try (DockerClient docker = DockerConnection.open(sock)) {
                List<PreflightCheck> r = new Preflight(docker, sock, host(-1, -1), Duration.ofMillis(800)).run(IMAGES);
                assertEquals(Status.FAIL, r.get(0).status());
                assertTrue(r.get(0).detail().contains("no answer within 800 ms"), r.get(0).detail());
            }
        }
    }

    @Test
    void resourcesAndImagesAreJudgedAgainstTheArticlesMinimum() {
        RecordingDocker fake = new RecordingDocker();
        fake.images.add("kindest/node:v1.35.0");
        List<PreflightCheck> ok = new Preflight(fake.client(), "fake", host(9_000_000_000L, 50_000_000_000L),
                DEADLINE).run(IMAGES);
        assertTrue(ok.stream().allMatch(c -> c.status() == Status.PASS), ok.toString());
        List<PreflightCheck> low = new Preflight(fake.client(), "fake", host(4_000_000_000L, 10_000_000_000L),
                DEADLINE).run(List.of("kindest/node:v1.35.0", "alpine/helm:3.16.2"));
        assertEquals("4.0 GB free, the lab needs 8.0 GB", low.get(2).detail());
        assertEquals(Status.FAIL, low.get(3).status());
        assertEquals(Status.WARN, low.get(4).status());
        assertTrue(low.get(4).detail().contains("docker pull alpine/helm:3.16.2"), low.get(4).detail());
    }
}
