package io.gpulab.engine.lab;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Kubernetes release version as {@code spec.kubernetes.version} and a kubelet report it, e.g. {@code v1.35.7}
 * (the leading {@code v} is optional, as Kamaji's webhook normalises it; a pre-release suffix such as
 * {@code -rc.1} or a vendor's build suffix such as {@code -eks-5e0fdde} or {@code +k3s1}, as kubelets report them, is
 * kept in the text and ignored in comparisons).
 */
public record KubeVersion(int major, int minor, int patch, String text) implements Comparable<KubeVersion> {

    private static final Pattern FORM = Pattern.compile(
            "v?(\\d{1,4})\\.(\\d{1,4})\\.(\\d{1,4})(-[0-9A-Za-z.-]+)?(\\+[0-9A-Za-z.-]+)?");

    /** @throws IllegalArgumentException naming {@code field} when {@code s} is not {@code vMAJOR.MINOR.PATCH} */
    public static KubeVersion parse(String s, String field) {
        Matcher m = FORM.matcher(s);
        if (!m.matches()) {
            String shown = s.length() > 80 ? s.substring(0, 80) + "... (" + s.length() + " characters)" : s;
            throw new IllegalArgumentException(field + ": '" + shown + "' is not a Kubernetes version such as "
                    + "v1.35.7");
        }
        return new KubeVersion(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                Integer.parseInt(m.group(3)), s.startsWith("v") ? s : "v" + s);
    }

    /** {@code v1.35}: the minor release, as the version-skew policy counts. */
    public String minorText() {
        return "v" + major + "." + minor;
    }

    /** Minor releases from {@code other} to this one (negative when this one is older). */
    public int minorsAfter(KubeVersion other) {
        return major == other.major ? minor - other.minor : (major - other.major) * 1000;
    }

    @Override
    public int compareTo(KubeVersion o) {
        int c = Integer.compare(major, o.major);
        if (c == 0) {
            c = Integer.compare(minor, o.minor);
        }
        return c != 0 ? c : Integer.compare(patch, o.patch);
    }

    @Override
    public String toString() {
        return text;
    }
}
