package io.gpulab.engine.kind;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Free memory and disk of the machine running Docker, when it is this machine. */
public interface HostResources {

    /** Available memory in bytes, or -1 when unknown (not Linux, or Docker runs elsewhere). */
    long availableMemoryBytes();

    /** Usable bytes on the filesystem holding {@code path}, or -1 when it cannot be read from here. */
    long usableDiskBytes(String path);

    /** This machine: {@code /proc/meminfo} MemAvailable and the JDK's file-store view. */
    static HostResources local() {
        return new HostResources() {
            @Override
            public long availableMemoryBytes() {
                try {
                    List<String> lines = Files.readAllLines(Path.of("/proc/meminfo"));
                    return lines.stream().filter(l -> l.startsWith("MemAvailable:"))
                            .map(l -> Long.parseLong(l.replaceAll("[^0-9]", "")) * 1024L).findFirst().orElse(-1L);
                } catch (IOException | RuntimeException e) {
                    return -1;
                }
            }

            @Override
            public long usableDiskBytes(String path) {
                try {
                    Path p = Path.of(path);
                    while (p != null && !Files.exists(p)) {
                        p = p.getParent();
                    }
                    return p == null ? -1 : Files.getFileStore(p).getUsableSpace();
                } catch (IOException | RuntimeException e) {
                    return -1;
                }
            }
        };
    }
}
