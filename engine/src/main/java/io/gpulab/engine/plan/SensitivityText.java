package io.gpulab.engine.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The robustness replays in words and table rows, the same in the CLI, the report and the Plan window. */
public final class SensitivityText {

    private SensitivityText() {
    }

    /**
     * One sentence per growth step, e.g. "Under 20 other arrival orders l4 wins in 20 of 20; at +25 % demand a100
     * wins in 14 of 20, l4 in 6."
     */
    public static List<String> summary(PlanResult r) {
        SensitivityResult s = r.sensitivity();
        List<String> out = new ArrayList<>();
        if (s == null) {
            return out;
        }
        String rec = r.recommendation().candidate();
        int n = s.spec().orders();
        for (SensitivityResult.Step st : s.steps()) {
            String at = st.growthPct() == 0 ? "At today's demand" : "At +" + st.growthPct() + " % demand ("
                    + Counts.of(st.pods(), "pod") + ")";
            List<String> parts = new ArrayList<>();
            int recWins = st.wins(rec);
            parts.add(rec + " wins in " + recWins + " of " + Counts.of(n, "order"));
            st.candidates().stream().map(SensitivityResult.Spread::name).filter(c -> !c.equals(rec))
                    .filter(c -> st.wins(c) > 0).sorted((a, b) -> st.wins(b) - st.wins(a))
                    .forEach(c -> parts.add(c + " in " + st.wins(c)));
            out.add(at + ", " + String.join(", ", parts) + ".");
        }
        return out;
    }

    /** The seeds of the orders, e.g. "1, 2, ..., 20" written out in full. */
    public static String seeds(SensitivitySpec spec) {
        List<String> out = new ArrayList<>();
        for (int k = 0; k < spec.orders(); k++) {
            out.add(String.valueOf(spec.seedOf(k)));
        }
        return String.join(", ", out);
    }

    /** min / median / p90 / max, e.g. "10 / 10 / 11 / 12" or "10 (every order)". */
    public static String stats(SensitivityResult.Stats st, java.util.function.DoubleFunction<String> fmt) {
        if (st.constant()) {
            return fmt.apply(st.min()) + " (every order)";
        }
        return fmt.apply(st.min()) + " / " + fmt.apply(st.median()) + " / " + fmt.apply(st.p90()) + " / "
                + fmt.apply(st.max());
    }

    /** Table rows: growth, candidate, wins, workers, cost, pending. */
    public static List<List<String>> rows(PlanResult r) {
        return rows(r, false);
    }

    /**
     * Table rows; {@code wholeAmounts} writes costs to the whole unit without their currency ("64,000 / 70,400 /
     * 70,400 / 70,400", the Plan window's narrower table: its header names the currency), else to the cent, each
     * with its currency.
     */
    public static List<List<String>> rows(PlanResult r, boolean wholeAmounts) {
        List<List<String>> rows = new ArrayList<>();
        SensitivityResult s = r.sensitivity();
        if (s == null) {
            return rows;
        }
        for (SensitivityResult.Step st : s.steps()) {
            for (SensitivityResult.Spread sp : st.candidates()) {
                Prices p = r.plan().candidates().stream().filter(c -> c.name().equals(sp.name())).findFirst()
                        .orElseThrow().prices();
                rows.add(List.of(st.growthPct() == 0 ? "0 %" : "+" + st.growthPct() + " %", sp.name(),
                        st.wins(sp.name()) + " of " + s.spec().orders(),
                        stats(sp.workers(), v -> String.format(Locale.ROOT, "%,d", (long) v))
                                + (sp.searched() ? "" : ", fixed")
                                + (sp.notFound() > 0 ? "; not found in " + sp.notFound() : ""),
                        sp.cost() == null ? "not priced" : wholeAmounts
                                ? stats(sp.cost(), v -> String.format(Locale.ROOT, "%,.0f", v))
                                : stats(sp.cost(), p::amount),
                        stats(sp.pending(), v -> String.format(Locale.ROOT, "%,d", (long) v))));
            }
        }
        return rows;
    }

    /** The rows' headers. */
    public static List<String> headers(PlanResult r) {
        return headers(r, false);
    }

    /** The headers of {@link #rows(PlanResult, boolean)}: with whole amounts, the cost's header names the currency. */
    public static List<String> headers(PlanResult r, boolean wholeAmounts) {
        Prices p = r.candidates().get(0).candidate().prices();
        String per = p.period();
        String currency = wholeAmounts && !p.currency().isEmpty() ? ", " + p.currency() : "";
        return List.of("growth", "candidate", "wins", "workers (min / median / p90 / max)",
                "cost" + (per.isEmpty() ? "" : " per " + per) + currency + " (min / median / p90 / max)",
                "pods pending (min / median / p90 / max)");
    }
}
