package io.gpulab.engine.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.metrics.LabMetrics;
import io.gpulab.engine.openb.Arrivals;
import io.gpulab.engine.openb.OpenbCsv;
import io.gpulab.engine.openb.OpenbImporter;
import io.gpulab.engine.openb.OpenbNode;
import io.gpulab.engine.openb.OpenbPod;
import io.gpulab.engine.scenario.BackendOptions;
import io.gpulab.engine.scenario.Backends;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioReader;
import io.gpulab.engine.scenario.Step;
import io.gpulab.mockgpu.catalog.CardCatalog;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Benchmark (not a test) behind README's fidelity table (method in docs/benchmarks.md, "Fidelity"): for each seed,
 * imports the pod list with FGD arrivals, replays it on the simulated lab (HAMi v2.10 with kube's
 * NodeResourcesFit, the product's decisions) while a {@link ReferenceLab} follows every decision and checks it
 * could be made (a placement that does not fit there, or a pending pod that would fit somewhere, is a
 * disagreement), then replays the same pods in the same order on a fresh {@link ReferenceLab} of the same lab with
 * the FGD artifact's BestFit ({@link FgdBestFit}, benchmark-only). Prints per seed the allocation at 100 % and at
 * FGD's 130 % column, read as the artifact's analysis reads its log.
 * Run: {@code java -cp <engine test classpath> io.gpulab.engine.bench.FidelityBench NODES.csv PODS.csv [FIRST_SEED
 * [LAST_SEED]]}.
 */
public final class FidelityBench {

    private FidelityBench() {
    }

    /** The reference experiments, the artifact's BestFit first (docs/benchmarks.md, "Fidelity"). */
    static final List<FgdBestFit.Variant> VARIANTS = List.of(FgdBestFit.ARTIFACT,
            new FgdBestFit.Variant("BestFit, first node on ties", 0.5, 0.5, false),
            new FgdBestFit.Variant("BestFit, GPU term only", 0.0, 1.0, true),
            new FgdBestFit.Variant("HAMi-like (HAMi node score, spread cards, kube for CPU-only pods)",
                    FgdBestFit.NodeScore.HAMI_BINPACK, FgdBestFit.NodeScore.KUBE_DEFAULT, FgdBestFit.Cards.HAMI_SPREAD,
                    0.5, 0.5, false),
            new FgdBestFit.Variant("HAMi node score, best-fit cards, kube for CPU-only pods",
                    FgdBestFit.NodeScore.HAMI_BINPACK, FgdBestFit.NodeScore.KUBE_DEFAULT, FgdBestFit.Cards.FGD_BEST,
                    0.5, 0.5, false),
            new FgdBestFit.Variant("HAMi node score, spread cards, BestFit for CPU-only pods",
                    FgdBestFit.NodeScore.HAMI_BINPACK, FgdBestFit.NodeScore.BEST_FIT, FgdBestFit.Cards.HAMI_SPREAD,
                    0.5, 0.5, true),
            new FgdBestFit.Variant("BestFit for GPU pods, kube for CPU-only pods",
                    FgdBestFit.NodeScore.BEST_FIT, FgdBestFit.NodeScore.KUBE_DEFAULT, FgdBestFit.Cards.FGD_BEST,
                    0.5, 0.5, true));

    /** One seed's figures. */
    record Result(long seed, int pods, double hami100, double hami130, double hamiCurve100, int hamiLast,
                  double hamiCurveLast, int hamiPending, int disagreements, List<double[]> refs, double arrivedEnd,
                  int hamiMaxPods) { }

    public static void main(String[] args) throws Exception {
        List<OpenbNode> nodes = OpenbCsv.nodes(Path.of(args[0]));
        List<OpenbPod> trace = OpenbCsv.pods(Path.of(args[1]));
        long first = args.length > 2 ? Long.parseLong(args[2]) : 42;
        long last = args.length > 3 ? Long.parseLong(args[3]) : first + 9;
        List<FgdBestFit.Variant> variants = VARIANTS;
        List<Result> results = new ArrayList<>();
        for (long seed = first; seed <= last; seed++) {
            Result r = run(nodes, trace, seed, variants);
            results.add(r);
            StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                    "seed %d: %d pods, arrived %.2f %%; HAMi binpack (sim): %.2f at 100, %.2f at 130 (curve: %.2f at "
                            + "100, %.2f at %d), %d pending, %d disagreements, at most %d pods on a node",
                    r.seed(), r.pods(), r.arrivedEnd(), r.hami100(), r.hami130(), r.hamiCurve100(), r.hamiCurveLast(),
                    r.hamiLast(), r.hamiPending(), r.disagreements(), r.hamiMaxPods()));
            for (int i = 0; i < variants.size(); i++) {
                double[] v = r.refs().get(i);
                sb.append(String.format(Locale.ROOT, "; %s: %.2f at 100, %.2f at 130, %d pending, at most %d pods "
                        + "on a node", variants.get(i).name(), v[0], v[1], (long) v[2], (long) v[3]));
            }
            System.out.println(sb);
        }
        System.out.printf(Locale.ROOT, "mean of %d seeds: HAMi binpack (sim) %.2f at 100, %.2f at 130 (curve %.2f at "
                        + "100, %.2f at its last point)%n", results.size(),
                mean(results, Result::hami100), mean(results, Result::hami130), mean(results, Result::hamiCurve100),
                mean(results, Result::hamiCurveLast));
        for (int i = 0; i < variants.size(); i++) {
            int k = i;
            System.out.printf(Locale.ROOT, "mean of %d seeds: %s %.2f at 100, %.2f at 130%n", results.size(),
                    variants.get(i).name(), mean(results, r -> r.refs().get(k)[0]),
                    mean(results, r -> r.refs().get(k)[1]));
        }
    }

    private static double mean(List<Result> rs, java.util.function.ToDoubleFunction<Result> f) {
        return Math.round(rs.stream().mapToDouble(f).average().orElse(Double.NaN) * 100) / 100.0;
    }

    static Result run(List<OpenbNode> nodes, List<OpenbPod> trace, long seed, List<FgdBestFit.Variant> variants)
            throws Exception {
        OpenbImporter.Imported imp = new OpenbImporter(CardCatalog.builtIn()).importTrace("fgd-" + seed, nodes, trace,
                new OpenbImporter.Options(1, Arrivals.FGD, 1.3, seed));
        Scenario s = new ScenarioReader().read("fgd.json",
                new StringReader(new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(imp.scenario())), false);
        List<Step.Submit> submits = s.steps().stream().filter(Step.Submit.class::isInstance)
                .map(Step.Submit.class::cast).toList();
        List<RefPod> pods = submits.stream().map(sub -> RefPod.of(sub.manifest())).toList();
        try (LabBackend lab = Backends.open("sim", s.lab(), BackendOptions.NONE)) {
            List<ReferenceLab> refLabs = new ArrayList<>();
            ReferenceLab follow = ReferenceLab.of(lab.snapshot());
            for (int i = 0; i < variants.size(); i++) {
                refLabs.add(ReferenceLab.of(lab.snapshot()));
            }
            long cap = follow.capacityMilli();
            FgdSeries hami = new FgdSeries(cap);
            int pending = 0;
            int disagreements = 0;
            long arrived = 0;
            for (int i = 0; i < submits.size(); i++) {
                Step.Submit sub = submits.get(i);
                RefPod p = pods.get(i);
                arrived += p.milli();
                lab.execute(new LabCommand.SubmitPod(sub.tenant(), sub.manifest()));
                PodView v = lab.pod(sub.tenant(), "default/" + p.name(), false).orElseThrow();
                if ("Running".equals(v.phase())) {
                    if (!follow.fits(follow.node(v.node()), p)) {
                        disagreements++;
                    }
                    follow.placeAsSim(p, v);
                } else {
                    pending++;
                    if (follow.anyFit(p) >= 0) {
                        disagreements++;
                    }
                }
                hami.add(arrived, follow.allocatedMilli());
            }
            long simAllocated = LabMetrics.of(lab.snapshot()).gpuAllocation().used();
            if (simAllocated != follow.allocatedMilli()) {
                throw new IllegalStateException("the reference lab followed the sim to " + follow.allocatedMilli()
                        + " GPU-milli, the sim says " + simAllocated);
            }
            List<double[]> refs = new ArrayList<>();
            for (int k = 0; k < variants.size(); k++) {
                ReferenceLab ref = refLabs.get(k);
                FgdBestFit policy = new FgdBestFit(ref, variants.get(k), seed);
                FgdSeries series = new FgdSeries(cap);
                long arr = 0;
                int refPending = 0;
                for (RefPod p : pods) {
                    arr += p.milli();
                    if (policy.schedule(p) < 0) {
                        refPending++;
                    }
                    series.add(arr, ref.allocatedMilli());
                }
                refs.add(new double[] {series.fgd(100), series.fgd(130), refPending, ref.maxPods()});
            }
            return new Result(seed, pods.size(), hami.fgd(100), hami.fgd(130), hami.curve(100), hami.lastCurvePoint(),
                    hami.curve(hami.lastCurvePoint()), pending, disagreements, refs, hami.finalArrivedPct(),
                    follow.maxPods());
        }
    }
}
