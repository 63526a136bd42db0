package io.gpulab.engine.lab;

import java.util.regex.Pattern;

/** Kubernetes name rules for the names a lab spec introduces. */
final class Names {

    /** RFC 1123 subdomain: what node names may be (DNS labels joined with dots). */
    private static final Pattern DNS_SUBDOMAIN =
            Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");

    private Names() {
    }

    static void requireDnsName(String name, String what) {
        if (name.length() > 253 || !DNS_SUBDOMAIN.matcher(name).matches()) {
            // quote at most 80 characters: a 1 MB value must not become a 1 MB message
            String shown = name.length() > 80 ? name.substring(0, 80) + "... (" + name.length() + " characters)" : name;
            throw new IllegalArgumentException(what + " '" + shown
                    + "' is not a valid Kubernetes name (lower-case letters, digits, '-' and '.')");
        }
    }
}
