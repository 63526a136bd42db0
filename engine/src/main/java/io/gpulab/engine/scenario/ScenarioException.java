package io.gpulab.engine.scenario;

/**
 * A scenario that cannot be used as written. The message always reads {@code FILE:LINE: PATH: what},
 * e.g. {@code article.yaml:14: steps[2].submit.pod.spec.containers[0].resources.limits."nvidia.com/gpumem":
 * "abc" is not a Kubernetes quantity}.
 */
public final class ScenarioException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final String path;
    private final String problem;

    /**
     * @param file    the file name as the user gave it (or the built-in name)
     * @param line    1-based line, or 0 when unknown
     * @param path    the field path, e.g. {@code steps[2].submit.tenant}, or empty for the whole document
     * @param problem what is wrong, without the location
     */
    public ScenarioException(String file, int line, String path, String problem) {
        super(format(file, line, path, problem));
        this.file = file;
        this.line = line;
        this.path = path;
        this.problem = problem;
    }

    /** A message fits on one screen whatever it quotes: at most this many characters of problem text. */
    static final int MAX_PROBLEM_CHARS = 1200;

    private static String format(String file, int line, String path, String problem) {
        if (problem.length() > MAX_PROBLEM_CHARS) {
            problem = problem.substring(0, MAX_PROBLEM_CHARS) + "... (" + problem.length() + " characters)";
        }
        if (path.length() > 4 * Quote.MAX) {
            path = Quote.clip(path);
        }
        StringBuilder sb = new StringBuilder(file);
        if (line > 0) {
            sb.append(':').append(line);
        }
        sb.append(": ");
        if (!path.isEmpty()) {
            sb.append(path).append(": ");
        }
        return sb.append(problem).toString();
    }

    public String file() {
        return file;
    }

    public int line() {
        return line;
    }

    public String path() {
        return path;
    }

    public String problem() {
        return problem;
    }
}
