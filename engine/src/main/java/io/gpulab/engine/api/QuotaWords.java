package io.gpulab.engine.api;

import org.jspecify.annotations.Nullable;

/**
 * Why a pod is over its namespace's GPU quota, with the quota's numbers: the limit, what the namespace's pods use now,
 * what the pod asks, and whether freeing helps (never, when the pod asks more than the whole quota).
 */
final class QuotaWords {

    private QuotaWords() {
    }

    /**
     * {text, fix}, or null when the quota is not known. {@code refused}: HAMi's webhook refused the create (else
     * HAMi's filter holds the pending pod); {@code percentMB}: the MB a memory percentage stands for on the
     * largest card ({@code percent} of it), counted by the filter though not by the webhook.
     */
    static String @Nullable [] of(@Nullable QuotaAsk q, boolean refused, long percentMB, int percent) {
        if (q == null) {
            return null;
        }
        QuotaView v = q.quota();
        boolean byPercent = q.askMB() == 0 && !refused && percentMB > 0;
        long askMB = byPercent ? percentMB : q.askMB();
        String head = refused ? "HAMi's webhook refused the create: it asks " : "asks ";
        String ns = v.namespace();
        String again = refused ? "; then submit it again" : "";
        boolean memOver = v.memLimitMB() != null && v.memUsedMB() + askMB > v.memLimitMB();
        boolean coresOver = v.coresLimit() != null && v.coresUsed() + q.askCores() > v.coresLimit();
        if (!memOver && !coresOver) {
            if (!refused) {
                return null;
            }
            return new String[] {head + "GPU memory or cores over namespace " + ns + "'s ResourceQuota when it was "
                    + "created; the namespace's pods use less now: it would be admitted now", "submit it again"};
        }
        boolean mem = memOver;
        long ask = mem ? askMB : q.askCores();
        long limit = mem ? v.memLimitMB() : v.coresLimit();
        long used = mem ? v.memUsedMB() : v.coresUsed();
        String unit = mem ? " MB" : "";
        String what = !mem ? PlainReasons.num(ask) + " GPU core units" : byPercent ? percent + " % of a card's "
                + "memory (" + PlainReasons.num(ask) + " MB of the largest card here)" : PlainReasons.num(ask)
                + " MB of GPU memory";
        String key = mem ? q.memKey() : q.coresKey();
        String allows = head + what + " in namespace " + ns + ", whose ResourceQuota allows " + PlainReasons.num(limit)
                + unit + " (" + key + ")";
        if (ask > limit) {
            return new String[] {allows + ": it exceeds the quota, whatever is freed", "raise " + key + " of namespace "
                    + ns + " to at least " + PlainReasons.num(ask) + unit + ", or ask for at most "
                    + PlainReasons.num(limit) + (mem ? " MB" : " core units") + again};
        }
        long left = Math.max(0, limit - used);
        String text = allows + "; the namespace's pods use " + PlainReasons.num(used) + unit + " now, "
                + PlainReasons.num(left) + unit + " left: " + (refused ? "it would be admitted" : "it runs")
                + " once pods of " + ns + " holding " + PlainReasons.num(ask - left) + unit + " more end";
        String fix = "raise " + key + " of namespace " + ns + " to at least " + PlainReasons.num(used + ask) + unit
                + (left > 0 ? ", ask for at most " + PlainReasons.num(left) + (mem ? " MB" : " core units") : "")
                + ", or delete pods of " + ns + again;
        return new String[] {text, fix};
    }
}
