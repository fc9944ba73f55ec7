"use client";

import * as React from "react";
import { Braces, List, Plus } from "lucide-react";
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { emptyRow, rowsFromSchema, schemaFromRows } from "@/lib/tools/param-rows";
import { formSchema, type ToolFormValues } from "@/lib/tools/tool-form";
import { cn } from "@/lib/utils";
import { ParameterRow } from "./parameter-row";

function ModeSwitch({ mode, onChange }: { mode: ToolFormValues["paramsMode"]; onChange: (mode: ToolFormValues["paramsMode"]) => void }) {
  const item = (value: ToolFormValues["paramsMode"], label: string, Icon: typeof List) => (
    <button
      type="button"
      aria-pressed={mode === value}
      onClick={() => onChange(value)}
      className={cn(
        "inline-flex h-7 items-center gap-1.5 rounded-md px-2.5 text-xs font-medium text-zinc-600 dark:text-zinc-400",
        "aria-pressed:bg-white aria-pressed:text-zinc-900 aria-pressed:shadow-xs dark:aria-pressed:bg-zinc-950 dark:aria-pressed:text-zinc-100",
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {label}
    </button>
  );
  return (
    <div role="group" aria-label="Edit parameters as" className="inline-flex rounded-lg bg-zinc-100 p-0.5 dark:bg-zinc-800/70">
      {item("fields", "Fields", List)}
      {item("json", "JSON", Braces)}
    </div>
  );
}

/**
 * The tool's `parameters` JSON Schema: rows (name, type, format, description, required) with a
 * live view of the schema they make, or the schema itself as JSON for what rows can't express.
 */
export function ParametersEditor() {
  const { control, register, setValue, getValues, formState: { errors } } = useFormContext<ToolFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: "params" });
  const [mode, params, schemaExtra] = useWatch({ control, name: ["paramsMode", "params", "schemaExtra"] });
  const [switchError, setSwitchError] = React.useState<string | null>(null);
  const schemaText = JSON.stringify(schemaFromRows(params ?? [], schemaExtra), null, 2);

  function changeMode(next: ToolFormValues["paramsMode"]) {
    setSwitchError(null);
    if (next === mode) return;
    if (next === "json") {
      setValue("paramsJson", JSON.stringify(formSchema(getValues()).schema, null, 2));
      setValue("paramsMode", "json");
      return;
    }
    const { schema, error } = formSchema(getValues());
    const rows = error ? null : rowsFromSchema(schema);
    if (!rows) {
      setSwitchError(error ? "Fix the JSON first." : "This schema uses more than plain typed properties; keep editing it as JSON.");
      return;
    }
    setValue("params", rows.rows);
    setValue("schemaExtra", rows.extra);
    setValue("paramsMode", "fields");
  }

  return (
    <div role="group" aria-labelledby="tool-params-heading" className="min-w-0 space-y-3 rounded-lg border border-zinc-200 p-3 sm:p-4 dark:border-zinc-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="tool-params-heading" className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Parameters</h3>
        <ModeSwitch mode={mode} onChange={changeMode} />
      </div>
      {switchError && <p role="alert" className="text-[13px] text-amber-700 dark:text-amber-400">{switchError}</p>}

      {mode === "json" ? (
        <Field label="JSON Schema" error={errors.paramsJson?.message} hint='A JSON Schema of type "object" (draft-07).'>
          {(p) => <Textarea {...p} {...register("paramsJson")} rows={12} spellCheck={false} className="font-mono text-xs" />}
        </Field>
      ) : (
        <>
          {fields.length === 0 ? (
            <p className="text-sm text-zinc-500 dark:text-zinc-400">No parameters: the tool is called without arguments.</p>
          ) : (
            <div className="space-y-3 sm:space-y-2">
              <div aria-hidden="true" className="hidden gap-2 px-0.5 text-xs font-medium text-zinc-500 sm:grid sm:grid-cols-[minmax(0,1.1fr)_7.5rem_8rem_minmax(0,1.5fr)_4.5rem_2rem] dark:text-zinc-400">
                <span>Name</span>
                <span>Type</span>
                <span>Format</span>
                <span>Description</span>
                <span>Required</span>
              </div>
              {fields.map((f, i) => (
                <ParameterRow key={f.id} index={i} onRemove={() => remove(i)} />
              ))}
            </div>
          )}
          {errors.params?.root?.message && <p role="alert" className="text-[13px] text-red-600 dark:text-red-400">{errors.params.root.message}</p>}
          <Button variant="outline" size="sm" onClick={() => append(emptyRow(), { shouldFocus: true })}>
            <Plus aria-hidden="true" />
            Add parameter
          </Button>
          <div className="min-w-0">
            <div className="mb-1.5 flex items-center justify-between">
              <span id="schema-preview-label" className="text-xs font-medium text-zinc-500 dark:text-zinc-400">
                Resulting JSON Schema
              </span>
              <CopyButton value={schemaText} label="Copy JSON Schema" />
            </div>
            <pre
              aria-labelledby="schema-preview-label"
              data-testid="schema-preview"
              className="max-h-60 overflow-auto rounded-md bg-zinc-50 p-3 font-mono text-xs leading-relaxed text-zinc-800 ring-1 ring-zinc-200 ring-inset dark:bg-zinc-950 dark:text-zinc-200 dark:ring-zinc-800"
            >
              {schemaText}
            </pre>
          </div>
        </>
      )}
    </div>
  );
}
