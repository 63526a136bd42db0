package io.gpulab.app.report;

import io.gpulab.engine.lab.CardSpec;
import io.gpulab.engine.lab.HamiSettings;
import io.gpulab.engine.plan.Candidate;
import io.gpulab.engine.plan.Prices;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How the decision report writes its figures: counts with thousands separators, percentages to 0.1, money with
 * its currency and period, a candidate's tenants, HAMi settings and cards.
 */
final class PlanFigures {

    private PlanFigures() {
    }

    static String tenants(Candidate c) {
        if (c.tenants().size() == 1) {
            return "1 tenant";
        }
        boolean even = c.weights().stream().distinct().count() == 1;
        if (even) {
            return c.tenants().size() + " tenants, even split";
        }
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < c.tenants().size(); i++) {
            parts.add(c.tenants().get(i) + " " + c.weights().get(i));
        }
        return c.tenants().size() + " tenants, split " + String.join(" : ", parts);
    }

    static String hami(HamiSettings h) {
        return "deviceSplitCount " + h.deviceSplitCount() + ", memory scaling " + trim(h.deviceMemoryScaling())
                + ", node " + h.nodeSchedulerPolicy() + ", GPU " + h.gpuSchedulerPolicy()
                + (h.defaultMem() > 0 ? ", defaultMem " + h.defaultMem() + " MB" : "")
                + (h.defaultCores() > 0 ? ", defaultCores " + h.defaultCores() + " %" : "");
    }

    static String cardList(Candidate c) {
        List<String> out = new ArrayList<>();
        for (CardSpec s : c.cards()) {
            out.add(s.count() + " × " + (s.model() != null ? s.model() : s.type()));
        }
        return String.join(" + ", out);
    }

    static String price(Candidate c) {
        Double p = c.workerPrice();
        return p == null ? "not priced" : money(p, c.prices());
    }

    static String money(double v, Prices p) {
        String amount = String.format(Locale.ROOT, "%,.2f", v);
        return (p.currency().isEmpty() ? amount : p.currency() + " " + amount)
                + (p.period().isEmpty() ? "" : " per " + p.period());
    }

    static String perPod(double v, Prices p) {
        return money(v, new Prices(p.currency(), "", p.cards(), p.worker(), null)) + " per placed pod"
                + (p.period().isEmpty() ? "" : " per " + p.period());
    }

    static String pct(double v) {
        return String.format(Locale.ROOT, "%.1f %%", v);
    }

    static String fmt(long v) {
        return String.format(Locale.ROOT, "%,d", v);
    }

    static String cpu(long milli) {
        return milli % 1000 == 0 ? milli / 1000 + " CPU" : String.format(Locale.ROOT, "%.1f CPU", milli / 1000.0);
    }

    static String trim(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
}
