package io.gpulab.app.report;

import io.gpulab.engine.plan.Plan;
import io.gpulab.engine.plan.PlanResult;
import java.io.IOException;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/**
 * The decision report's first page: the question, the recommendation a buyer can sign, the suggestions for pods
 * no candidate runs, the robustness in one line per growth step, and the answer objective by objective.
 */
final class DecisionCover {

    private DecisionCover() {
    }

    static void write(PdfDoc pdf, PlanResult r, String version, ZonedDateTime date) throws IOException {
        Plan plan = r.plan();
        pdf.title("Decision report: " + plan.name());
        pdf.muted("gpulab " + version + " · " + date.format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")));
        // the file's name and hash, never the path it was given by: that named the author's home directory
        pdf.muted(Provenance.line("plan", plan.fileName(), plan.sha256(), "gpulab plan on it reproduces every figure"));
        if (!plan.description().isEmpty()) {
            pdf.text(plan.description());
        }
        pdf.heading("The question");
        pdf.text(plan.question());
        pdf.heading("The answer");
        pdf.answer(r.recommendation().sentence());
        for (var s : r.suggestions()) {
            pdf.tagged("NOTE", false, s.sentence());
        }
        for (String s : io.gpulab.engine.plan.SensitivityText.summary(r)) {
            // "Robustness: at today's demand, ..." (the summary's sentences start with a capital of their own)
            pdf.text("Robustness: " + (s.length() > 1 && Character.isLowerCase(s.charAt(1))
                    ? Character.toLowerCase(s.charAt(0)) + s.substring(1) : s));
        }
        pdf.subheading("Objective by objective, in the plan's order");
        for (String s : r.objectives()) {
            pdf.bullet(s);
        }
        if (!r.controlPlanes().isEmpty()) {
            pdf.subheading("Control planes: management capacity and cost per tenant");
            for (String s : r.controlPlanes()) {
                pdf.bullet(s);
            }
        }
        pdf.mutedWithPageOf("The recommendation ranks the candidates by the plan's objectives in the order listed ("
                + String.join(", ", plan.objectives().stream().map(o -> o.key()).toList()) + "): a later objective "
                + "decides only between candidates tied under every earlier one (equal as printed: cost to the cent, "
                + "percentages to 0.1). Each percentage is of all a candidate's cards at the end of its replay (where pods "
                + "leave: at its highest allocation sampled). All figures come from replaying the workload on a simulation of HAMi v2.10.0's "
                + "scheduling decisions; 'Assumptions and limits' (%PAGE%) says what that does and does not show.",
                "Assumptions and limits");
    }
}
