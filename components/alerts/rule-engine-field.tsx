"use client";

import { Controller, useWatch, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { engineFilterOptions, engineFilterPatch, engineFilterValue } from "@/components/calls/engine-filter";
import { Field } from "@/components/ui/field";
import type { RuleCreate, Rule } from "@/lib/alerts/schema";
import { useEngines } from "@/lib/engines/hooks";

type Form = UseFormReturn<z.input<typeof RuleCreate>, unknown, z.output<typeof RuleCreate>>;

/**
 * The rule's Engine: one select for both of the API's fields, as the call log's engine filter is —
 * each engine of the account by name (`engine_id`) and, when there is a choice of kinds, each kind
 * above them (`provider`); choosing one clears the other. A server error on either shows here.
 */
export function RuleEngineField({ form, rule, className }: { form: Form; rule?: Rule; className: string }) {
  const engines = useEngines();
  const provider = useWatch({ control: form.control, name: "provider" });
  const { errors } = form.formState;
  const list = engines.data ?? [];
  const options = engineFilterOptions(list, rule?.provider ?? null);
  // A rule keeps its engine after the engine is deleted (its calls keep their engine_id): shown by id, as a lost agent is.
  if (rule?.engine_id && !list.some((e) => e.engine_id === rule.engine_id)) options.push({ value: rule.engine_id, label: rule.engine_id });
  return (
    <Controller
      control={form.control}
      name="engine_id"
      render={({ field }) => (
        <Field label="Engine" error={errors.engine_id?.message ?? errors.provider?.message}
          hint={engines.isError ? "Could not load engines." : "Only the calls of this engine, or of every engine of this kind."}>
          <select ref={field.ref} name={field.name} onBlur={field.onBlur} className={className} aria-busy={engines.isPending || undefined}
            value={engineFilterValue({ engine_id: field.value ?? null, provider: provider ?? null }) ?? ""}
            onChange={(e) => {
              const choice = engineFilterPatch(e.target.value || null);
              field.onChange(choice.engine_id);
              form.setValue("provider", choice.provider, { shouldDirty: true });
              form.clearErrors("provider");
            }}>
            <option value="">All engines</option>
            {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </select>
        </Field>
      )}
    />
  );
}
