package io.gpulab.app.report;

import io.gpulab.engine.api.PlainReason;
import io.gpulab.engine.api.ReasonCodes;
import io.gpulab.engine.api.ReasonCodes.Reason;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The reason codes a review report names, explained in the PDF itself: a reviewer holds the PDF, not our repository,
 * so "See docs/reasons.md#cardinsufficientcore" told them nothing. The report cites a code by its name and this
 * appendix says what causes it and what fixes it ({@link ReasonCodes}, the table docs/reasons.md also lists).
 */
final class ReasonsAppendix {

    static final String HEADING = "Appendix: the reason codes named in this report";

    private static final Pattern LINK = Pattern.compile("(?:See )?docs/reasons\\.md(#[a-z0-9-]+)?\\.?");

    private ReasonsAppendix() {
    }

    /** How the report cites a reason's entry ({@link PlainReason#doc}): by the code's name and this appendix. */
    static String cite(String doc) {
        return code(doc).map(r -> "Reason code " + r.code() + ", explained in this report's appendix of reason codes.")
                .orElse("");
    }

    /** {@code text} with every docs/reasons.md link cited as {@link #cite} says. */
    static String inWords(String text) {
        Matcher m = LINK.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(cite(m.group())));
        }
        m.appendTail(out);
        return out.toString().strip();
    }

    /** The codes {@code texts} name, in {@link ReasonCodes}' order (HAMi's first). */
    static List<Reason> named(Collection<String> texts) {
        List<Reason> out = new ArrayList<>();
        for (Reason r : ReasonCodes.all()) {
            Pattern word = Pattern.compile("(?<![A-Za-z])" + Pattern.quote(r.code()) + "(?![A-Za-z])");
            if (texts.stream().anyMatch(t -> word.matcher(t).find())) {
                out.add(r);
            }
        }
        return out;
    }

    /** The appendix, on a page of its own; nothing when the report names no code. */
    static void write(PdfDoc pdf, Collection<String> texts) throws IOException {
        List<Reason> named = named(texts);
        if (named.isEmpty()) {
            return;
        }
        pdf.newPage();
        pdf.heading(HEADING);
        pdf.continues(HEADING);
        pdf.text("Each code this report names, who sets it, what makes a pod carry it and what would let the pod run. "
                + "A pod's own figures (what it asks, what is left) are in its check or trace above.");
        List<List<String>> rows = new ArrayList<>();
        for (Reason r : named) {
            rows.add(List.of(r.code(), setBy(r.source()), r.cause(), r.fix()));
        }
        pdf.table(List.of("code", "set by", "cause", "fix"), rows);
        pdf.continues(null);
    }

    private static String setBy(ReasonCodes.Source s) {
        return switch (s) {
            case HAMI -> "HAMi";
            case KUBE_SCHEDULER -> "kube-scheduler";
            case KUBELET -> "kubelet";
            case API_SERVER -> "API server";
        };
    }

    private static Optional<Reason> code(String link) {
        String anchor = link.replaceFirst("^(?:See )?", "").replaceFirst("\\.$", "");
        return ReasonCodes.all().stream().filter(r -> PlainReason.doc(r.code()).equals(anchor)).findFirst();
    }
}
