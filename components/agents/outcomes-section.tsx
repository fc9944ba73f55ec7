"use client";

import * as React from "react";
import { Plus } from "lucide-react";
import { useFormContext, useFormState, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { TagInput } from "@/components/ui/tag-input";
import { MAX_FIELDS } from "@/lib/outcomes/schema";
import type { AgentFormValues } from "./agent-form-values";
import { TextareaField, useFieldError } from "./form-fields";
import { FieldGroup, FormSection } from "./form-section";
import { OutcomeFieldsEditor } from "./outcome-fields-editor";
import { dispositionFor, newOutcomeField, patchPlan, toggledSuccess, type PlanPatch } from "./outcomes-values";

/**
 * The agent's analysis plan: what every call is judged by. Values are written only
 * when the operator changes something (no defaults on mount), so an agent without a plan opens,
 * previews and saves without one.
 */
export function OutcomesSection() {
  const { getValues, setValue, control, setFocus } = useFormContext<AgentFormValues>();
  const { isSubmitted } = useFormState({ control });
  const plan = useWatch<AgentFormValues, "analysis_plan">({ name: "analysis_plan" });
  const addRef = React.useRef<HTMLButtonElement>(null);

  const update = React.useCallback((patch: PlanPatch) => {
    // After a submit, re-check at once so a fixed mistake clears (and a new one shows).
    setValue("analysis_plan", patchPlan(getValues("analysis_plan"), patch), { shouldDirty: true, shouldValidate: isSubmitted });
  }, [getValues, setValue, isSubmitted]);

  const success = plan?.success;
  const hasFields = Array.isArray(plan?.fields);

  function addFirstField() {
    update({ fields: [newOutcomeField()] });
    requestAnimationFrame(() => setFocus("analysis_plan.fields.0.name"));
  }

  return (
    <FormSection
      id="outcomes"
      title="Outcomes"
      description="What every call of this agent is judged by. Deploy asks the engine for these; Voxdesk's own analysis fills in the calls it did not answer."
    >
      <div className="flex flex-col gap-6">
        <FieldGroup legend="Judge each call by">
          <div className="flex flex-col gap-4">
            <ToggleRow id="outcome-summary" label="Summary" hint="A few sentences on what happened."
              checked={plan?.summary === true} onChange={(on) => update({ summary: on ? true : undefined })} />
            <div className="flex flex-col gap-3">
              <ToggleRow id="outcome-success" label="Success" hint="Whether the call met a goal you describe, with the reason."
                checked={success?.enabled === true} onChange={(on) => update({ success: toggledSuccess(success, on) })} />
              {success?.enabled === true && (
                <TextareaField name="analysis_plan.success.criteria" label="Success criteria" required rows={3} className="sm:pl-12"
                  placeholder="The caller booked or confirmed an appointment." hint="In words the model reads: what counts as a successful call." />
              )}
            </div>
            <ToggleRow id="outcome-sentiment" label="Sentiment" hint="How the caller felt: positive, neutral or negative."
              checked={plan?.sentiment === true} onChange={(on) => update({ sentiment: on ? true : undefined })} />
          </div>
        </FieldGroup>
        <DispositionField choices={plan?.disposition?.choices ?? []} onChange={(choices) => update({ disposition: dispositionFor(plan?.disposition, choices) })} />
        <FieldGroup
          legend="Your fields"
          action={<span className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">{plan?.fields?.length ?? 0} of {MAX_FIELDS}</span>}
        >
          {hasFields ? (
            <OutcomeFieldsEditor onEmpty={() => { update({ fields: undefined }); requestAnimationFrame(() => addRef.current?.focus()); }} />
          ) : (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-dashed border-zinc-300 px-3 py-3 text-sm text-zinc-500 dark:border-zinc-700 dark:text-zinc-400">
              <span>No fields yet. Add one for each value you want from a call, such as seats wanted or the plan chosen.</span>
              <Button ref={addRef} variant="outline" size="sm" onClick={addFirstField}>
                <Plus aria-hidden="true" />
                Add field
              </Button>
            </div>
          )}
        </FieldGroup>
      </div>
    </FormSection>
  );
}

function ToggleRow({ id, label, hint, checked, onChange }: { id: string; label: string; hint: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <div className="flex items-start gap-3">
      <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={`${id}-hint`} className="mt-0.5" />
      <div className="min-w-0">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="mt-1 text-[13px] text-zinc-500 dark:text-zinc-400">{hint}</p>
      </div>
    </div>
  );
}

function DispositionField({ choices, onChange }: { choices: string[]; onChange: (choices: string[]) => void }) {
  const error = useFieldError("analysis_plan.disposition");
  return (
    <Field
      label="Disposition choices"
      hint="What was decided on the call, exactly one per call (booked, callback, not_interested…). Press Enter or a comma after each; none means no disposition."
      error={error}
    >
      {(p) => <TagInput {...p} value={choices} onChange={onChange} itemLabel="choice" placeholder="booked, callback, not_interested" />}
    </Field>
  );
}
