package io.gpulab.engine.output;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;

/**
 * Where the bytes meet the disk: the stream onto a temporary file's channel, and the force to disk. The one seam
 * through which a test makes the disk fail as a full one does (a write or the force answering ENOSPC).
 */
interface Disk {
    Disk REAL = new Disk() { };

    default OutputStream stream(FileChannel ch) {
        return Channels.newOutputStream(ch);
    }

    default void force(FileChannel ch) throws IOException {
        ch.force(true);
    }
}
