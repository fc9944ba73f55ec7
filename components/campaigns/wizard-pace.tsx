"use client";

import { Controller, useFormContext } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { ToggleGroup, ToggleGroupItem } from "@/components/ui/toggle-group";
import { statusLabel } from "@/lib/calls/status";
import { RETRYABLE } from "@/lib/campaigns/retry";
import type { WizardValues } from "./campaign-wizard";
import { NumberField, SelectField, useWizardError } from "./wizard-fields";

/** Step 3: how many calls at once, what to retry and when, and what to do without template variables. */
export function WizardPace() {
  const { control } = useFormContext<WizardValues>();
  const onError = useWizardError("retry.on");
  return (
    <>
      <NumberField name="max_concurrency" label="Calls at once" min={1} max={100} hint="1–100. A slot frees when a call ends." />
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField name="retry.max_attempts" label="Attempts per contact" min={1} max={5} hint="1–5, the first call included." />
        <NumberField name="retry.delay_seconds" label="Wait before a retry" min={0} max={1440} scale={60} unit="minutes" />
      </div>
      <Controller control={control} name="retry.on" render={({ field }) => (
        <Field label="Retry when the call ended" error={onError}>
          {(p) => (
            <ToggleGroup type="multiple" id={p.id} aria-describedby={p["aria-describedby"]} aria-label="Retry when the call ended"
              value={field.value ?? []} onValueChange={field.onChange} className="h-auto flex-wrap">
              {RETRYABLE.map((r) => <ToggleGroupItem key={r} value={r}>{statusLabel(r)}</ToggleGroupItem>)}
            </ToggleGroup>
          )}
        </Field>
      )} />
      <SelectField name="on_missing_variables" label="Contacts missing a template variable" placeholder="Skip them"
        options={[{ value: "skip", label: "Skip them (recommended)" }, { value: "call", label: "Call them anyway" }]}
        hint="The agent would read the placeholder, e.g. “{first_name}”, aloud." />
      <NumberField name="stale_after_minutes" label="Give up on a call without news after" min={1} max={1440} unit="minutes"
        hint="Frees its slot if the engine never reports the end of a call." />
    </>
  );
}
