package io.gpulab.engine.kind;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/** The pinned versions and manifests of {@code assets/gpulab/kind/versions.properties}, and its templates. */
public final class KindVersions {

    private static final String BASE = "/gpulab/kind/";
    private final Properties props;

    private KindVersions(Properties props) {
        this.props = props;
    }

    public static KindVersions load() {
        Properties p = new Properties();
        try (InputStream in = KindVersions.class.getResourceAsStream(BASE + "versions.properties")) {
            if (in == null) {
                throw new KindException("gpulab/kind/versions.properties is missing from the assets jar");
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new KindVersions(p);
    }

    /**
     * The same versions with {@code key} set to {@code value}: e.g. other node and helm images (the
     * integration tests run the lab's Docker calls with locally built stand-ins for both).
     */
    public KindVersions with(String key, String value) {
        Properties p = new Properties();
        p.putAll(props);
        p.setProperty(key, value);
        return new KindVersions(p);
    }

    /** @throws KindException naming the key when it is absent */
    public String get(String key) {
        String v = props.getProperty(key);
        if (v == null || v.isBlank()) {
            throw new KindException("gpulab/kind/versions.properties has no '" + key + "'");
        }
        return v.trim();
    }

    /** A template from the assets with every {@code ${name}} replaced; an unknown name is an error. */
    public static String render(String template, java.util.Map<String, String> values) {
        String text;
        try (InputStream in = KindVersions.class.getResourceAsStream(BASE + template)) {
            if (in == null) {
                throw new KindException("template gpulab/kind/" + template + " is missing");
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (var e : values.entrySet()) {
            text = text.replace("${" + e.getKey() + "}", e.getValue());
        }
        int open = text.indexOf("${");
        if (open >= 0) {
            throw new KindException("template gpulab/kind/" + template + " uses an unknown value "
                    + text.substring(open, text.indexOf('}', open) + 1));
        }
        return text;
    }
}
