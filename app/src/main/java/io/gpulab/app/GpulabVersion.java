package io.gpulab.app;

/** The version printed by {@code --version}, in JSON and in reports. */
public final class GpulabVersion {

    public static final String VERSION = "0.1.0";

    private GpulabVersion() {
    }
}
