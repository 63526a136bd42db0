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
            throw new IllegalArgumentException(what + " '" + name
                    + "' is not a valid Kubernetes name (lower-case letters, digits, '-' and '.')");
        }
    }
}
