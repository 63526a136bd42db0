package io.gpulab.app.report;

import io.gpulab.engine.plan.CandidateResult;
import java.io.IOException;
import java.util.List;

/**
 * Where the decision report gets its charts: the Plan view's own charts rendered to pictures (the app's
 * {@code PlanChartImages}), so the report shows what the workbench shows. Sizes are in points on the page.
 */
public interface PlanChartSource {

    /**
     * The height of one candidate's curve chart on its page, searched or fixed: JavaFX drops a line chart's legend
     * (the grey diagonal's meaning) when title and legend leave its plot under 150 points, and at 165 it did, with
     * the y axis' "100".
     */
    float CANDIDATE_CURVES_PT = 190;

    /**
     * The height of the candidates' curves together on the comparison page: 205 points, and a legend row more (16)
     * for every three candidates past five (the legend holds three names a row, the diagonal's included): at 205 the
     * eight of openb-8 lost their legend, which needs the plot to keep 150.
     */
    static float comparisonCurvesPt(int candidates) {
        int rows = (candidates + 1 + 2) / 3;
        return 205 + 16 * Math.max(0, rows - 2);
    }

    /**
     * The height of the robustness page's wins chart: 200 points, and a legend row more (16) for every three
     * candidates past three (the legend names the candidates, three a row): at 200 the eight of openb-8 lost their
     * legend, leaving eight unnamed bars.
     */
    static float winsPt(int candidates) {
        int rows = (candidates + 2) / 3;
        return 200 + 16 * Math.max(0, rows - 1);
    }

    /** The allocation curves of these candidates in one chart. */
    ChartImage curves(List<CandidateResult> candidates, float widthPt, float heightPt) throws IOException;

    /** Utilisation at the end as grouped bars, one group per candidate. */
    ChartImage utilisation(List<CandidateResult> candidates, float widthPt, float heightPt) throws IOException;

    /** Stranded capacity at the end as grouped bars. */
    ChartImage stranded(List<CandidateResult> candidates, float widthPt, float heightPt) throws IOException;

    /** How often each candidate wins under the other arrival orders, per growth step. */
    ChartImage wins(io.gpulab.engine.plan.SensitivityResult sensitivity, float widthPt, float heightPt)
            throws IOException;

    /** The candidate's cards at the end as a heat map, as high as every card needs (at most {@code maxHeightPt}). */
    ChartImage heat(CandidateResult candidate, float widthPt, float maxHeightPt) throws IOException;
}
