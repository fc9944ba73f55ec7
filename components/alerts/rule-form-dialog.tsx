"use client";

import { placeServerErrors, topLevelField } from "@/components/ui/server-field-errors";
import * as React from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { controlClass, Input } from "@/components/ui/input";
import { useAgents } from "@/lib/agents/hooks";
import { useCreateAlertRule, useUpdateAlertRule } from "@/lib/alerts/hooks";
import { METRICS, RuleCreate, WINDOWS, type Rule } from "@/lib/alerts/schema";
import { cn } from "@/lib/utils";
import { METRIC_LABELS, windowLabel } from "./alert-format";
import { RuleEngineField } from "./rule-engine-field";

type Values = z.input<typeof RuleCreate>;
const FIELDS = ["name", "metric", "agent_id", "engine_id", "comparator", "threshold", "window_minutes", "relative", "severity", "notify"] as const;
// One Engine control sets engine_id or provider: a server error on either goes beside it.
const fieldOf = (p: string) => (p === "provider" ? "engine_id" : topLevelField(FIELDS)(p));
const selectClass = cn(controlClass, "h-9");

/** Emails typed as one line, split on commas or spaces; the schema checks each. */
const splitEmails = (s: string) => s.split(/[\s,;]+/).filter(Boolean);

/**
 * Create or edit an alert rule. The API's own schema validates the form (edit sends the same fields
 * as a PATCH); server field errors go beside their fields.
 */
export function RuleFormDialog({ rule, onClose }: { rule?: Rule; onClose: () => void }) {
  const agents = useAgents();
  const form = useForm<Values, unknown, z.output<typeof RuleCreate>>({
    resolver: zodResolver(RuleCreate),
    defaultValues: rule
      ? { name: rule.name, metric: rule.metric, agent_id: rule.agent_id, engine_id: rule.engine_id, provider: rule.provider, comparator: rule.comparator,
        threshold: rule.threshold, window_minutes: rule.window_minutes as Values["window_minutes"], relative: rule.relative, severity: rule.severity, notify: rule.notify }
      : { name: "", metric: "failed_calls", agent_id: null, engine_id: null, provider: null, comparator: "gt", threshold: 5, window_minutes: 60,
        relative: false, severity: "warning", notify: { emails: [], webhook: true } },
  });
  const create = useCreateAlertRule();
  const update = useUpdateAlertRule();
  const { errors, isSubmitting } = form.formState;
  const title = rule ? "Edit alert rule" : "New alert rule";
  const emailError = errors.notify?.emails?.message ?? errors.notify?.emails?.root?.message
    ?? (Array.isArray(errors.notify?.emails) ? errors.notify.emails.find(Boolean)?.message : undefined);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (rule) await update.mutateAsync({ id: rule.rule_id, body: values });
      else await create.mutateAsync(values);
      toast.success(rule ? "Alert rule saved" : "Alert rule created");
      onClose();
    } catch (err) {
      placeServerErrors(err, form.setError, fieldOf);
    }
  });

  const agentList = agents.data?.pages.flatMap((p) => p.agents) ?? [];
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>Checked when saved and every minute, over the whole minutes of its window. While the condition holds the rule has one open incident.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={title}>
          <Field label="Name" required error={errors.name?.message}>
            <Input autoComplete="off" placeholder="Support line failing" {...form.register("name")} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Metric" required error={errors.metric?.message}>
              <select className={selectClass} {...form.register("metric")}>
                {METRICS.map((m) => <option key={m} value={m}>{METRIC_LABELS[m]}</option>)}
              </select>
            </Field>
            <Field label="Window" required error={errors.window_minutes?.message}>
              <select className={selectClass} {...form.register("window_minutes", { setValueAs: Number })}>
                {WINDOWS.map((w) => <option key={w} value={w}>{windowLabel(w)}</option>)}
              </select>
            </Field>
            <Field label="Agent" error={errors.agent_id?.message} hint={agents.isError ? "Could not load agents." : undefined}>
              <select className={selectClass} aria-busy={agents.isPending || undefined} {...form.register("agent_id", { setValueAs: (v) => (v === "" || v === null ? null : v) })}>
                <option value="">Every agent</option>
                {agentList.map((a) => <option key={a.agent_id} value={a.agent_id}>{a.agent_name}</option>)}
                {rule?.agent_id && !agentList.some((a) => a.agent_id === rule.agent_id) && <option value={rule.agent_id}>{rule.agent_id}</option>}
              </select>
            </Field>
            <RuleEngineField form={form} rule={rule} className={selectClass} />
            <Field label="Fires when the value is" required error={errors.comparator?.message}>
              <select className={selectClass} {...form.register("comparator")}>
                <option value="gt">Above the threshold</option>
                <option value="lt">Below the threshold</option>
              </select>
            </Field>
            <Field label="Threshold" required error={errors.threshold?.message} hint="In the metric's unit: a count, percent, seconds or cost; percent change when relative.">
              <Input type="number" step="any" inputMode="decimal" {...form.register("threshold", { setValueAs: (v) => (v === "" ? undefined : Number(v)) })} />
            </Field>
            <Field label="Severity" required error={errors.severity?.message}>
              <select className={selectClass} {...form.register("severity")}>
                <option value="warning">Warning</option>
                <option value="critical">Critical</option>
              </select>
            </Field>
          </div>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-0.5 size-4 accent-indigo-600" {...form.register("relative")} />
            <span>Relative: compare with the window before, in percent change{errors.relative && <span role="alert" className="block text-red-700 dark:text-red-300">{errors.relative.message}</span>}</span>
          </label>
          <Controller
            control={form.control}
            name="notify.emails"
            render={({ field }) => (
              <Field label="Email" error={emailError} hint="Addresses mailed when an incident opens or resolves (needs SMTP_URL on the server). Separate with commas.">
                <Input type="text" inputMode="email" autoComplete="off" spellCheck={false} placeholder="oncall@example.com"
                  defaultValue={(field.value ?? []).join(", ")} onBlur={field.onBlur} onChange={(e) => field.onChange(splitEmails(e.target.value))} />
              </Field>
            )}
          />
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-0.5 size-4 accent-indigo-600" {...form.register("notify.webhook")} />
            <span>Send alert.triggered and alert.resolved to the webhook endpoints</span>
          </label>
          {errors.root?.server && (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300">{errors.root.server.message}</p>
          )}
          <DialogFooter>
            <DialogClose asChild><Button variant="outline">Cancel</Button></DialogClose>
            <Button type="submit" disabled={isSubmitting}>{isSubmitting ? "Saving…" : rule ? "Save rule" : "Create rule"}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
