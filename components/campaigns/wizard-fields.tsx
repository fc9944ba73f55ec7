"use client";

import { Controller, get, useFormContext, useFormState, type FieldPath } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { WizardValues } from "./campaign-wizard";

// The wizard's controls, each wired to its Field (label, hint, error beside it).

type Name = FieldPath<WizardValues>;

export function useWizardError(name: Name): string | undefined {
  const { errors } = useFormState<WizardValues>({ name });
  const e = get(errors, name) as { message?: string } | undefined;
  return e?.message;
}

/** Radix Select cannot hold an empty value: "not chosen" travels as this and becomes undefined. */
const NONE = "__none__";

export function SelectField({ name, label, hint, placeholder, options, required, noneLabel }: {
  name: Name; label: string; hint?: React.ReactNode; placeholder: string; required?: boolean;
  options: { value: string; label: string }[];
  /** Offers an explicit "not set" entry (optional fields). */
  noneLabel?: string;
}) {
  const { control } = useFormContext<WizardValues>();
  const error = useWizardError(name);
  return (
    <Controller control={control} name={name} render={({ field }) => (
      <Field label={label} hint={hint} error={error} required={required}>
        {(p) => (
          <Select value={(field.value as string | undefined) || (noneLabel ? NONE : "")}
            onValueChange={(v) => field.onChange(v === NONE ? undefined : v)}>
            <SelectTrigger {...p} ref={field.ref} onBlur={field.onBlur}><SelectValue placeholder={placeholder} /></SelectTrigger>
            <SelectContent>
              {noneLabel && <SelectItem value={NONE}>{noneLabel}</SelectItem>}
              {options.map((o) => <SelectItem key={o.value} value={o.value}>{o.label}</SelectItem>)}
            </SelectContent>
          </Select>
        )}
      </Field>
    )} />
  );
}

export function NumberField({ name, label, hint, min, max, scale = 1, unit }: {
  name: Name; label: string; hint?: React.ReactNode; min: number; max: number;
  /** The stored value is the shown one × scale (e.g. minutes shown, seconds sent). */
  scale?: number; unit?: string;
}) {
  const { control } = useFormContext<WizardValues>();
  const error = useWizardError(name);
  return (
    <Controller control={control} name={name} render={({ field }) => (
      <Field label={label} hint={hint} error={error}>
        {(p) => (
          <div className="flex items-center gap-2">
            <Input {...p} ref={field.ref} type="number" inputMode="numeric" min={min} max={max} className="w-28"
              name={field.name} onBlur={field.onBlur}
              value={typeof field.value === "number" ? field.value / scale : ""}
              onChange={(e) => field.onChange(e.target.value === "" ? undefined : Number(e.target.value) * scale)} />
            {unit && <span className="text-sm text-zinc-600 dark:text-zinc-400">{unit}</span>}
          </div>
        )}
      </Field>
    )} />
  );
}
