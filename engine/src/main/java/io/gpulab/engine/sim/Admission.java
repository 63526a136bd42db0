package io.gpulab.engine.sim;

import io.gpulab.engine.lab.HamiSettings;
import io.gpulab.scheduler.filter.QuotaAdmission;
import io.gpulab.scheduler.filter.QuotaState;
import io.gpulab.scheduler.model.SchedulerConfig;
import io.gpulab.scheduler.request.MutationResult;
import io.gpulab.scheduler.request.WebhookMutator;
import io.gpulab.scheduler.request.WebhookSettings;
import org.jspecify.annotations.Nullable;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Pod admission in a tenant API server: HAMi's mutating webhook {@code vgpu.hami.io} is a
 * service-referenced webhook, so the call goes through the tenant's Konnectivity tunnel. Agents down:
 * the API server's real error, then failurePolicy decides (Ignore admits unchanged, Fail refuses).
 */
final class Admission {

    static final String WEBHOOK = "vgpu.hami.io";
    static final String OPT_OUT_LABEL = "hami.io/webhook";

    private Admission() {
    }

    /**
     * The API server's text when the webhook cannot be reached: {@code No agent available} through Konnectivity
     * with no agent connected, {@code context deadline exceeded} (the webhook's 10 s timeout) when the control plane
     * has no Konnectivity and dials the tenant's service address from the management cluster.
     */
    static String webhookError(String cause) {
        return "Internal error occurred: failed calling webhook \"" + WEBHOOK + "\": failed to call webhook: Post "
                + "\"https://hami-scheduler.kube-system.svc:443/webhook/mutating?timeout=10s\": " + cause;
    }

    /**
     * The decision.
     *
     * @param admitted      false: the create is refused and {@code error} is what kubectl prints
     * @param mutated       true when the webhook ran
     * @param parsed        the pod as stored (mutated or not)
     * @param schedulerName the pod's scheduler after admission
     */
    record Outcome(boolean admitted, boolean mutated, ParsedPod parsed, String schedulerName, String error,
                   String summary, Map<String, String> evidence) { }

    static Outcome admit(SimTenant tenant, ParsedPod pod, SchedulerConfig cfg) {
        return admit(tenant, pod, cfg, WebhookSettings.DEFAULTS);
    }

    static Outcome admit(SimTenant tenant, ParsedPod pod, SchedulerConfig cfg, WebhookSettings settings) {
        return admit(tenant, pod, cfg, settings, null);
    }

    /**
     * As {@link #admit(SimTenant, ParsedPod, SchedulerConfig, WebhookSettings)}; the webhook's mutation of a pod read
     * once ({@code read}, the same manifest submitted to many labs) is kept with it for the next lab of the same
     * scheduler config and webhook settings: it reads nothing else (the quota check, which reads the tenant's usage,
     * still runs at every submit).
     */
    static Outcome admit(SimTenant tenant, ParsedPod pod, SchedulerConfig cfg, WebhookSettings settings,
                         @Nullable ReadPod read) {
        // the API server defaults an unset or empty spec.schedulerName before admission (SetDefaults_PodSpec), so
        // HAMi's webhook never sees "": with forceOverwriteDefaultScheduler false it leaves such a pod to
        // default-scheduler ("pod already has different scheduler assigned")
        String declared = pod.schedulerName() == null || pod.schedulerName().isEmpty()
                ? WebhookMutator.DEFAULT_SCHEDULER : pod.schedulerName();
        Map<String, String> ev = new LinkedHashMap<>();
        ev.put("webhook", WEBHOOK + " (service hami-scheduler.kube-system:443, via Konnectivity)");
        ev.put("failurePolicy", tenant.failurePolicy);
        if ("ignore".equals(pod.info().labels().get(OPT_OUT_LABEL))) {
            return new Outcome(true, false, pod, declared, "", "pod opted out of " + WEBHOOK
                    + " (label hami.io/webhook=ignore); admitted unchanged", ev);
        }
        String cause = tenant.tunnelCause();
        if (cause != null) {
            String webhookError = webhookError(cause);
            ev.put("error", webhookError);
            if (HamiSettings.POLICY_FAIL.equals(tenant.failurePolicy)) {
                String err = "Error from server (InternalError): " + webhookError;
                return new Outcome(false, false, pod, declared, err,
                        "create refused: webhook unreachable through Konnectivity and failurePolicy is Fail", ev);
            }
            ev.put("apiServerLog", "Failed calling webhook, failing open " + WEBHOOK + ": " + webhookError
                    .substring("Internal error occurred: ".length()));
            return new Outcome(true, false, pod, declared, "", "webhook unreachable through Konnectivity; "
                    + "failurePolicy Ignore admitted the pod UNCHANGED (schedulerName " + declared + ")", ev);
        }
        Mutated w = read == null ? null : read.mutated(cfg, settings);
        if (w == null) {
            w = Mutated.of(pod, declared, cfg, settings);
            if (read != null) {
                read.mutated(w);
            }
        }
        MutationResult m = w.result();
        if (m.allowed() && !WebhookMutator.OTHER_SCHEDULER.equals(m.message())) {
            // the webhook's last check (fitResourceQuota): the whole pod against its namespace's GPU quota
            QuotaState quota = SimQuotas.state(tenant, cfg.resourceNames(), cfg.memoryFactor());
            String denied = quota == null ? null : QuotaAdmission.check(m.pod(), cfg, quota);
            if (denied != null) {
                m = MutationResult.denied(denied, pod.info(), declared, null);
            }
        }
        if (!m.allowed()) {
            String err = "Error from server (" + m.statusReason() + "): admission webhook \"" + WEBHOOK
                    + "\" denied the request: " + m.message();
            ev.put("error", err);
            return new Outcome(false, true, pod, declared, err, "create refused by " + WEBHOOK, ev);
        }
        ev.putAll(w.evidence());
        ParsedPod stored = java.util.Objects.requireNonNull(w.parsed(), "an allowed pod is stored");
        return new Outcome(true, true, stored, w.after(), "", w.summary(), ev);
    }

    /**
     * What the webhook makes of a pod, given only the pod, the scheduler config and the webhook settings; for an
     * allowed pod also the pod as stored, the scheduler after admission, the evidence it adds and the summary.
     */
    record Mutated(SchedulerConfig cfg, WebhookSettings settings, MutationResult result, @Nullable ParsedPod parsed,
                   String after, Map<String, String> evidence, String summary) {

        static Mutated of(ParsedPod pod, String declared, SchedulerConfig cfg, WebhookSettings settings) {
            MutationResult m = WebhookMutator.mutate(pod.info(), declared, null, pod.nodeName(), cfg, settings);
            if (!m.allowed()) {
                return new Mutated(cfg, settings, m, null, declared, Map.of(), "");
            }
            @Nullable String sched = m.schedulerName();
            String after = sched == null ? WebhookMutator.DEFAULT_SCHEDULER : sched;
            Map<String, String> ev = new LinkedHashMap<>();
            ev.put("schedulerName", after);
            m.containers().forEach(c -> {
                if (!c.addedLimits().isEmpty()) {
                    ev.put("limits added [" + c.container() + "]", new TreeMap<>(c.addedLimits()).toString());
                }
                if (!c.addedEnv().isEmpty()) {
                    ev.put("env added [" + c.container() + "]", new TreeMap<>(c.addedEnv()).toString());
                }
            });
            String summary = m.hasResource() ? WEBHOOK + " mutated the pod: schedulerName " + after
                    : WebhookMutator.OTHER_SCHEDULER.equals(m.message()) ? WEBHOOK + " admitted the pod unchanged: "
                    + m.message() + " (" + after + ")"
                    : WEBHOOK + " admitted the pod (no HAMi resource: " + m.message() + ")";
            ParsedPod parsed = new ParsedPod(m.pod(), sched,
                    PodManifests.kubeRequests(m.pod().initContainers(), m.pod().containers()), pod.nodeName());
            return new Mutated(cfg, settings, m, parsed, after, Collections.unmodifiableMap(ev), summary);
        }

        /** Whether this is the mutation under these settings (the same objects, or equal ones). */
        boolean under(SchedulerConfig c, WebhookSettings s) {
            return (cfg == c || cfg.equals(c)) && (settings == s || settings.equals(s));
        }
    }
}
