package io.gpulab.app.cli;

import java.util.Locale;

/**
 * {@code screenshot --size WxH --scale S}, bounded (docs/workbench.md, "Screenshot sizes"): the window from 320×240 to
 * 7680×4320 (8K), and the image, {@code W·S × H·S} pixels, at most {@value #MAX_PIXELS} pixels, so the render and its
 * encoding stay within about half a gigabyte of memory.
 */
record ScreenshotSize(int width, int height, double scale) {

    static final int MIN_WIDTH = 320;
    static final int MIN_HEIGHT = 240;
    static final int MAX_WIDTH = 7680;
    static final int MAX_HEIGHT = 4320;
    /** 40 megapixels: 3840×2160 at scale 2, 7680×4320 at scale 1; each pixel is held about three times, 4 bytes each. */
    static final long MAX_PIXELS = 40_000_000L;

    /**
     * @throws IllegalArgumentException naming the bound that {@code size} and {@code scale} pass
     */
    static ScreenshotSize parse(String size, double scale) {
        if (scale != 1 && scale != 2) {
            throw new IllegalArgumentException("--scale must be 1 or 2");
        }
        String[] wh = size.split("x");
        if (wh.length != 2 || !wh[0].matches("\\d+") || !wh[1].matches("\\d+")) {
            throw new IllegalArgumentException("--size must look like 1600x1000");
        }
        // a number of any length is a size out of bounds, never an int that wraps or a format error
        int w = wh[0].length() > 6 ? Integer.MAX_VALUE : Integer.parseInt(wh[0]);
        int h = wh[1].length() > 6 ? Integer.MAX_VALUE : Integer.parseInt(wh[1]);
        if (w < MIN_WIDTH || h < MIN_HEIGHT || w > MAX_WIDTH || h > MAX_HEIGHT) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "--size %s: the window is from %dx%d "
                    + "to %dx%d", size, MIN_WIDTH, MIN_HEIGHT, MAX_WIDTH, MAX_HEIGHT));
        }
        long pixels = Math.round(w * scale) * Math.round(h * scale);
        if (pixels > MAX_PIXELS) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "--size %dx%d --scale %d would be a "
                    + "%,d x %,d image (%.1f megapixels); screenshots are limited to %d megapixels, e.g. 3840x2160 "
                    + "at --scale 2 or 7680x4320 at --scale 1", w, h, (int) scale, Math.round(w * scale),
                    Math.round(h * scale), pixels / 1e6, MAX_PIXELS / 1_000_000));
        }
        return new ScreenshotSize(w, h, scale);
    }
}
