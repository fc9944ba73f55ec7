"use client";

import * as React from "react";
import { Controller, get, useFormContext, useFormState, type FieldPath } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { SuggestInput, type Suggestion } from "@/components/ui/suggest-input";
import { errorText, type AgentFormValues } from "./agent-form-values";

// Thin wrappers that tie a Field (label, hint, error) to a form path, so the sections stay a list
// of fields. Errors come from the zod resolver or from the server's fieldErrors via setError.

export type FieldName = FieldPath<AgentFormValues>;

type Common = { name: FieldName; label: React.ReactNode; hint?: React.ReactNode; required?: boolean; className?: string };

export function useFieldError(name: FieldName): string | undefined {
  const { errors } = useFormState<AgentFormValues>({ name });
  return errorText(get(errors, name));
}

export function TextField({
  name, label, hint, required, className, emptyAsUndefined = false, ...input
}: Common & { emptyAsUndefined?: boolean } & Omit<React.ComponentProps<"input">, "name">) {
  const { register } = useFormContext<AgentFormValues>();
  const error = useFieldError(name);
  // Optional fields: an empty box means "not set", not the (invalid) empty string.
  const setValueAs = emptyAsUndefined ? (v: unknown) => (v === "" ? undefined : v) : undefined;
  return (
    <Field label={label} hint={hint} error={error} required={required} className={className}>
      {(p) => <Input {...p} {...input} {...register(name, { setValueAs })} />}
    </Field>
  );
}

export function TextareaField({ name, label, hint, required, className, children, ...input }: Common & {
  /** Rendered under the control (e.g. the list of prompt variables). */
  children?: React.ReactNode;
} & Omit<React.ComponentProps<"textarea">, "name" | "children">) {
  const { register } = useFormContext<AgentFormValues>();
  const error = useFieldError(name);
  return (
    <div className={className}>
      <Field label={label} hint={hint} error={error} required={required}>
        {(p) => <Textarea {...p} {...input} {...register(name)} />}
      </Field>
      {children}
    </div>
  );
}

export function NumberField({ name, label, hint, required, className, ...input }: Common & Omit<React.ComponentProps<"input">, "name">) {
  const { register } = useFormContext<AgentFormValues>();
  const error = useFieldError(name);
  return (
    <Field label={label} hint={hint} error={error} required={required} className={className}>
      {(p) => (
        <Input
          {...p}
          type="number"
          inputMode="decimal"
          {...input}
          // NaN (empty or unreadable) fails the schema with a message instead of silently using a default.
          {...register(name, { setValueAs: (v: unknown) => (v === "" || v === undefined ? Number.NaN : Number(v)) })}
        />
      )}
    </Field>
  );
}

export function SuggestField({ name, label, hint, required, className, suggestions, placeholder }: Common & {
  suggestions: readonly Suggestion[];
  placeholder?: string;
}) {
  const { control } = useFormContext<AgentFormValues>();
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field label={label} hint={hint} error={error} required={required} className={className}>
          {(p) => (
            <SuggestInput
              {...p}
              ref={field.ref}
              name={field.name}
              value={typeof field.value === "string" ? field.value : String(field.value ?? "")}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              suggestions={suggestions}
              placeholder={placeholder}
            />
          )}
        </Field>
      )}
    />
  );
}

const UNSET = "__unset";

export function SelectField({ name, label, hint, required, className, options, unsetLabel }: Common & {
  options: readonly { value: string; label: string }[];
  /** Adds a "not set" entry that stores undefined (for optional fields). */
  unsetLabel?: string;
}) {
  const { control } = useFormContext<AgentFormValues>();
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field label={label} hint={hint} error={error} required={required} className={className}>
          {(p) => (
            <Select
              name={field.name}
              value={typeof field.value === "string" ? field.value : UNSET}
              onValueChange={(v) => field.onChange(v === UNSET ? undefined : v)}
            >
              <SelectTrigger {...p} ref={field.ref} onBlur={field.onBlur}>
                <SelectValue placeholder={unsetLabel ?? "Select…"} />
              </SelectTrigger>
              <SelectContent>
                {unsetLabel && <SelectItem value={UNSET}>{unsetLabel}</SelectItem>}
                {options.map((o) => (
                  <SelectItem key={o.value} value={o.value}>
                    {o.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </Field>
      )}
    />
  );
}
