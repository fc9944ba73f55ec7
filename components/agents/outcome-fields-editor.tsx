"use client";

import * as React from "react";
import { Plus, Trash2 } from "lucide-react";
import { Controller, useFieldArray, useFormContext, useFormState, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { TagInput } from "@/components/ui/tag-input";
import { FIELD_TYPES, MAX_FIELDS, type FieldType } from "@/lib/outcomes/schema";
import type { AgentFormValues } from "./agent-form-values";
import { TextField, useFieldError } from "./form-fields";
import { newOutcomeField } from "./outcomes-values";

const TYPE_LABELS: Record<FieldType, string> = {
  string: "Text (string)",
  number: "Number (number)",
  boolean: "Yes or no (boolean)",
  enum: "One of a list (enum)",
};

/**
 * The plan's own typed fields, one card per field (at most MAX_FIELDS). Mounted only while the
 * plan has a fields list: useFieldArray writes an empty list into the values when it mounts on
 * none, which would give every agent a plan it never had.
 */
export function OutcomeFieldsEditor({ onEmpty }: { onEmpty: () => void }) {
  const { control } = useFormContext<AgentFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: "analysis_plan.fields" });
  const rootError = useFieldError("analysis_plan.fields");
  const addRef = React.useRef<HTMLButtonElement>(null);

  function removeAt(index: number) {
    // The last one: the list itself goes (the section shows its empty state and focuses its button).
    if (fields.length === 1) return onEmpty();
    remove(index);
    requestAnimationFrame(() => addRef.current?.focus());
  }

  return (
    <div className="flex flex-col gap-3">
      {fields.length > 0 && (
        <ol className="flex flex-col gap-3" aria-label="Outcome fields">
          {fields.map((f, i) => <FieldRow key={f.id} index={i} onRemove={() => removeAt(i)} />)}
        </ol>
      )}
      {/* Errors on the list itself (too many, a name used twice is shown on its row). */}
      {rootError && fields.length > MAX_FIELDS && <p className="text-[13px] text-red-600 dark:text-red-400">{rootError}</p>}
      <div className="flex flex-wrap items-center gap-3">
        <Button ref={addRef} variant="outline" size="sm" disabled={fields.length >= MAX_FIELDS} onClick={() => append(newOutcomeField())}>
          <Plus aria-hidden="true" />
          Add field
        </Button>
        {fields.length >= MAX_FIELDS && <span className="text-[13px] text-zinc-500 dark:text-zinc-400">A plan holds at most {MAX_FIELDS} fields.</span>}
      </div>
    </div>
  );
}

function FieldRow({ index, onRemove }: { index: number; onRemove: () => void }) {
  const base = `analysis_plan.fields.${index}` as const;
  const name = useWatch<AgentFormValues, `${typeof base}.name`>({ name: `${base}.name` });
  const type = useWatch<AgentFormValues, `${typeof base}.type`>({ name: `${base}.type` });
  const headingId = React.useId();
  const title = `Field ${index + 1}`;
  return (
    <li>
      <div role="group" aria-labelledby={headingId} className="rounded-md border border-zinc-200 dark:border-zinc-800">
        <div className="flex items-center justify-between gap-2 border-b border-zinc-200 bg-zinc-50/80 px-3 py-1.5 dark:border-zinc-800 dark:bg-zinc-900/60">
          <h3 id={headingId} className="min-w-0 truncate text-[13px] font-semibold text-zinc-900 dark:text-zinc-100">
            {title}
            {name ? <>{" "}<span className="ml-1 font-mono font-normal text-zinc-500 dark:text-zinc-400">{name}</span></> : null}
          </h3>
          <Button variant="ghost" size="sm" className="text-zinc-500 hover:text-red-600" onClick={onRemove} aria-label={`Remove ${title.toLowerCase()}${name ? ` (${name})` : ""}`}>
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        </div>
        <div className="flex flex-col gap-4 p-3">
          <div className="grid gap-4 @lg:grid-cols-[minmax(0,1fr)_13rem]">
            <TextField name={`${base}.name`} label="Name" required placeholder="seats" autoComplete="off" spellCheck={false}
              className="[&_input]:font-mono" hint="Lower-case letters, digits and _, starting with a letter." />
            <TypeSelect index={index} />
          </div>
          <TextField name={`${base}.description`} label="Description" emptyAsUndefined placeholder="How many seats they want" />
          {type === "enum" && <ChoicesField index={index} />}
          <RequiredCheckbox index={index} />
        </div>
      </div>
    </li>
  );
}

function TypeSelect({ index }: { index: number }) {
  const base = `analysis_plan.fields.${index}` as const;
  const { control, getValues, setValue } = useFormContext<AgentFormValues>();
  const error = useFieldError(`${base}.type`);
  return (
    <Controller
      control={control}
      name={`${base}.type`}
      render={({ field }) => (
        <Field label="Type" required error={error}>
          {(p) => (
            <Select
              name={field.name}
              value={field.value}
              onValueChange={(v) => {
                field.onChange(v);
                // Only an enum takes choices: the schema refuses them on any other type.
                if (v !== "enum" && getValues(`${base}.choices`) !== undefined) setValue(`${base}.choices`, undefined, { shouldDirty: true });
              }}
            >
              <SelectTrigger {...p} ref={field.ref} onBlur={field.onBlur}>
                <SelectValue placeholder="Select…" />
              </SelectTrigger>
              <SelectContent>
                {FIELD_TYPES.map((t) => <SelectItem key={t} value={t}>{TYPE_LABELS[t]}</SelectItem>)}
              </SelectContent>
            </Select>
          )}
        </Field>
      )}
    />
  );
}

function ChoicesField({ index }: { index: number }) {
  const name = `analysis_plan.fields.${index}.choices` as const;
  const { setValue, control } = useFormContext<AgentFormValues>();
  const { isSubmitted } = useFormState({ control, name });
  const choices = useWatch<AgentFormValues, typeof name>({ name });
  const error = useFieldError(name);
  return (
    <Field label="Choices" required error={error} hint="The values it may take; press Enter or a comma after each.">
      {(p) => (
        <TagInput {...p} value={choices ?? []} itemLabel="choice" placeholder="basic, pro"
          onChange={(next) => setValue(name, next.length ? next : undefined, { shouldDirty: true, shouldValidate: isSubmitted })} />
      )}
    </Field>
  );
}

/**
 * Not a registered checkbox: registering one writes `required: false` into every field that never
 * had the key, so an untouched plan would not save as it was stored.
 */
function RequiredCheckbox({ index }: { index: number }) {
  const name = `analysis_plan.fields.${index}.required` as const;
  const { setValue } = useFormContext<AgentFormValues>();
  const required = useWatch<AgentFormValues, typeof name>({ name });
  const id = React.useId();
  return (
    <div className="flex items-start gap-2">
      <input id={id} type="checkbox" checked={required === true} aria-describedby={`${id}-hint`}
        onChange={(e) => setValue(name, e.target.checked ? true : undefined, { shouldDirty: true })}
        className="mt-0.5 size-4 shrink-0 accent-indigo-600" />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">Required</label>
        <p id={`${id}-hint`} className="text-[13px] text-zinc-500 dark:text-zinc-400">A call without this value is reported in its outcome.</p>
      </div>
    </div>
  );
}
