"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { zodResolver } from "@hookform/resolvers/zod";
import { FormProvider, useForm, type FieldPath } from "react-hook-form";
import { toast } from "sonner";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { useCreateCampaign, useUpdateCampaign, type CampaignWithStats } from "@/lib/campaigns/hooks";
import { ApiError } from "@/lib/http/fetch-json";
import { CAMPAIGN_DEFAULTS } from "@/lib/campaigns/defaults";
import { CampaignCreate, type CampaignCreateInput } from "@/lib/campaigns/schema";
import { draftValues } from "@/lib/campaigns/draft-values";
import { cn } from "@/lib/utils";
import { WizardBasics } from "./wizard-basics";
import { WizardPace } from "./wizard-pace";
import { WizardSchedule } from "./wizard-schedule";

export type WizardValues = CampaignCreateInput;

// The steps before the dry run; the dry run and Start are the draft's own page (step 4), so a
// draft saved today can be previewed and started tomorrow.
const STEPS: { title: string; fields: FieldPath<WizardValues>[] }[] = [
  { title: "Agent and list", fields: ["name", "agent_id", "list_id", "engine_id", "from_number"] },
  { title: "Schedule", fields: ["schedule"] },
  { title: "Pace and retries", fields: ["max_concurrency", "retry", "on_missing_variables", "stale_after_minutes"] },
];

const DEFAULTS: WizardValues = {
  name: "", agent_id: "", list_id: "", from_number: "",
  schedule: { recipient_time_zone: false },
  ...CAMPAIGN_DEFAULTS, retry: { ...CAMPAIGN_DEFAULTS.retry, on: [...CAMPAIGN_DEFAULTS.retry.on] },
};

/** `a.b[0].c` (the API's error paths) → `a.b.0.c` (react-hook-form's). */
const formPath = (p: string) => p.replace(/\[(\d+)\]/g, ".$1");

/**
 * "New campaign": agent and list, schedule, pace and retries, validated step by step with the API's
 * own schema; saving creates a draft and opens its page with the dry run and the Start button.
 * With `draft`, the same steps edit that draft (PATCH) from its saved values.
 */
export function CampaignWizard({ draft }: { draft?: CampaignWithStats } = {}) {
  const router = useRouter();
  const [step, setStep] = React.useState(0);
  const headingRef = React.useRef<HTMLHeadingElement>(null);
  // Errors clear as a value changes, not on blur: a blur that removes a message moves the buttons
  // under the pointer between mousedown and mouseup, and the click is lost.
  const form = useForm<WizardValues, unknown, CampaignCreate>({ resolver: zodResolver(CampaignCreate), defaultValues: draft ? draftValues(draft) : DEFAULTS });
  const create = useCreateCampaign();
  const update = useUpdateCampaign(draft?.campaign_id ?? "");
  const last = step === STEPS.length - 1;

  const go = (to: number) => {
    setStep(to);
    // The new step's heading takes focus, so keyboard and screen-reader users land on it.
    requestAnimationFrame(() => headingRef.current?.focus());
  };
  const next = async () => {
    const ok = await form.trigger(STEPS[step].fields, { shouldFocus: true });
    if (ok) go(step + 1);
  };

  const save = async (values: CampaignCreate) => {
    try {
      const c = await (draft ? update.mutateAsync(values) : create.mutateAsync(values));
      toast.success(`Draft '${c.name}' saved`, { description: "Check the dry run, then start it." });
      router.push(`/campaigns/${c.campaign_id}`);
    } catch (err) {
      if (!(err instanceof ApiError)) return form.setError("root.server", { message: "Could not reach the server. Try again." });
      const entries = Object.entries(err.fieldErrors).map(([p, m]) => [formPath(p), m] as const);
      // Go back to the first step that holds a refused field, and show each message beside its field.
      const first = STEPS.findIndex((s) => entries.some(([p]) => s.fields.some((f) => p === f || p.startsWith(`${f}.`))));
      for (const [p, message] of entries) form.setError(p as FieldPath<WizardValues>, { type: "server", message });
      if (first >= 0) go(first);
      else form.setError("root.server", { message: err.message });
    }
  };

  return (
    <>
      <PageHeader title={draft ? `Edit draft '${draft.name}'` : "New campaign"} description="Nothing is dialled until you start the campaign after its dry run." />
      <ol className="mb-6 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4" aria-label="Steps">
        {[...STEPS.map((s) => s.title), "Dry run and start"].map((title, i) => (
          <li key={title} aria-current={i === step ? "step" : undefined}
            className={cn("rounded-md border px-3 py-2", i === step
              ? "border-indigo-300 bg-indigo-50 font-medium text-indigo-800 dark:border-indigo-500/50 dark:bg-indigo-500/10 dark:text-indigo-200"
              : "border-zinc-200 text-zinc-600 dark:border-zinc-800 dark:text-zinc-400")}>
            <span className="tabular-nums">{i + 1}.</span> {title}
          </li>
        ))}
      </ol>
      <FormProvider {...form}>
        <form onSubmit={(e) => (last ? void form.handleSubmit(save)(e) : (e.preventDefault(), void next()))} noValidate aria-label={draft ? "Edit draft" : "New campaign"} className="max-w-2xl space-y-5">
          <h2 ref={headingRef} tabIndex={-1} className="text-base font-semibold outline-none">{STEPS[step].title}</h2>
          {step === 0 && <WizardBasics />}
          {step === 1 && <WizardSchedule />}
          {step === 2 && <WizardPace />}
          {form.formState.errors.root?.server && (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300">
              {form.formState.errors.root.server.message}
            </p>
          )}
          <div className="flex flex-wrap gap-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
            {step > 0 && <Button type="button" variant="outline" onClick={() => go(step - 1)}>Back</Button>}
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {last ? (form.formState.isSubmitting ? "Saving…" : "Save draft and run the dry run") : "Next"}
            </Button>
          </div>
        </form>
      </FormProvider>
    </>
  );
}
