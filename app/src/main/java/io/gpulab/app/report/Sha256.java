package io.gpulab.app.report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 in hex, as the reports' appendices print it to identify their input files. */
public final class Sha256 {

    private Sha256() {
    }

    /** Of a text's UTF-8 bytes (a scenario or plan file as read). */
    public static String of(String text) {
        MessageDigest sha = digest();
        return HexFormat.of().formatHex(sha.digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    /** Of a file's bytes, read now (a trace file a plan names). */
    static String ofFile(Path file) throws IOException {
        MessageDigest sha = digest();
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buf = new byte[1 << 16];
            for (int n = in.read(buf); n > 0; n = in.read(buf)) {
                sha.update(buf, 0, n);
            }
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    private static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
