package io.gpulab.scheduler.lock;

import java.time.Duration;

/** Go's {@code time.Duration.String()} for whole and fractional seconds, e.g. {@code 5m0s}, {@code 1h0m0s}. */
public final class GoDuration {

    private GoDuration() {
    }

    public static String format(Duration d) {
        if (d.isZero()) {
            return "0s";
        }
        long nanos = d.toNanos();
        String sign = nanos < 0 ? "-" : "";
        nanos = Math.abs(nanos);
        if (nanos < 1_000_000_000L) {
            return sign + fractional(nanos);
        }
        long h = nanos / 3_600_000_000_000L;
        long m = nanos / 60_000_000_000L % 60;
        long rest = nanos % 60_000_000_000L;
        StringBuilder sb = new StringBuilder(sign);
        if (h > 0) {
            sb.append(h).append('h');
        }
        if (h > 0 || m > 0) {
            sb.append(m).append('m');
        }
        sb.append(rest / 1_000_000_000L);
        long frac = rest % 1_000_000_000L;
        if (frac > 0) {
            sb.append('.').append(String.format("%09d", frac).replaceAll("0+$", ""));
        }
        return sb.append('s').toString();
    }

    private static String fractional(long nanos) {
        if (nanos < 1_000) {
            return nanos + "ns";
        }
        if (nanos < 1_000_000) {
            return trim(nanos, 1_000) + "µs";
        }
        return trim(nanos, 1_000_000) + "ms";
    }

    private static String trim(long nanos, long unit) {
        long whole = nanos / unit;
        long frac = nanos % unit;
        if (frac == 0) {
            return Long.toString(whole);
        }
        int digits = Long.toString(unit).length() - 1;
        return whole + "." + String.format("%0" + digits + "d", frac).replaceAll("0+$", "");
    }
}
