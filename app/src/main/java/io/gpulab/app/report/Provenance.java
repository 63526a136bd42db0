package io.gpulab.app.report;

/**
 * How a report names the file it was made from, on its first page and in its appendix: the file's name and its
 * SHA-256, and that the file is attached. Never the path it was given by: that names the author's folders (a home
 * directory) and means nothing to a reviewer, while the attached bytes and their hash reproduce the run.
 */
final class Provenance {

    /** Where a reader finds an attached file. */
    static final String DETACH = "a viewer's attachments pane; pdfdetach -saveall";

    private Provenance() {
    }

    /**
     * "plan mixed-fleet.yaml · SHA-256 af53… · attached to this PDF and printed in the appendix: gpulab plan on it
     * reproduces every figure".
     *
     * @param what  "plan" or "scenario"
     * @param reuse what running the attached file gives
     */
    static String line(String what, String fileName, String sha256, String reuse) {
        return what + " " + fileName + " · SHA-256 " + sha256 + " · attached to this PDF and printed in the appendix: "
                + reuse;
    }
}
