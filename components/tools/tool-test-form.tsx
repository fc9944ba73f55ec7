"use client";

import * as React from "react";
import { Play } from "lucide-react";
import { useForm, type UseFormRegister } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field, type FieldControlProps } from "@/components/ui/field";
import { controlClass, Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/http/fetch-json";
import { useRunToolTest, type ToolTestOutcome } from "@/lib/tools/hooks-mutations";
import type { ToolRecord } from "@/lib/tools/hooks";
import { parseServerPath } from "@/lib/tools/tool-form";
import { initialTestValue, testFieldsOf, testParamsFrom, type TestField, type TestValue } from "@/lib/tools/test-form";
import { cn } from "@/lib/utils";

interface Values { values: TestValue[]; raw: string }

const selectClass = cn(controlClass, "h-9 dark:[color-scheme:dark]");
const HTML_TYPE: Partial<Record<TestField["input"], string>> = {
  email: "email", url: "url", date: "date", datetime: "datetime-local", number: "number", integer: "number",
};

function optionLabel(json: string): string {
  const v: unknown = JSON.parse(json);
  return typeof v === "string" ? v : json;
}

function TestInputControl({ field, index, p, register }: { field: TestField; index: number; p: FieldControlProps; register: UseFormRegister<Values> }) {
  const reg = register(`values.${index}`);
  switch (field.input) {
    case "checkbox":
      return <input type="checkbox" {...p} {...reg} className="size-4 accent-indigo-600" />;
    case "tristate":
      return (
        <select {...p} {...reg} className={selectClass}>
          <option value="">(not sent)</option>
          <option value="true">true</option>
          <option value="false">false</option>
        </select>
      );
    case "select":
      return (
        <select {...p} {...reg} className={selectClass}>
          <option value="">{field.required ? "Choose…" : "(not sent)"}</option>
          {field.options?.map((o) => <option key={o} value={o}>{optionLabel(o)}</option>)}
        </select>
      );
    case "json":
      return <Textarea {...p} {...reg} rows={3} spellCheck={false} placeholder={field.type === "array" ? "[ ]" : field.type === "object" ? "{ }" : "JSON value"} className="font-mono text-xs" />;
    default:
      return (
        <Input
          {...p}
          {...reg}
          type={HTML_TYPE[field.input] ?? "text"}
          step={field.input === "integer" ? 1 : field.input === "number" ? "any" : undefined}
          inputMode={field.input === "integer" ? "numeric" : field.input === "number" ? "decimal" : undefined}
          autoComplete="off"
        />
      );
  }
}

function typeHint(field: TestField): string {
  return [field.type === "any" ? "any JSON" : field.type, field.format].filter(Boolean).join(" · ");
}

/**
 * Inputs generated from the tool's parameters schema; runs POST /api/tools/{id}/test. Starts from
 * the previous test's values. The server validates with ajv; its complaints land on the inputs.
 */
export function ToolTestForm({ tool, previous, onResult }: {
  tool: ToolRecord; previous?: Record<string, unknown>; onResult: (outcome: ToolTestOutcome) => void;
}) {
  const { fields, open } = React.useMemo(() => testFieldsOf(tool.parameters), [tool.parameters]);
  const form = useForm<Values>({
    defaultValues: {
      values: fields.map((f) => initialTestValue(f, previous)),
      raw: previous ? JSON.stringify(previous, null, 2) : "{}",
    },
  });
  const run = useRunToolTest(tool);
  const errors = form.formState.errors;
  const rootError = errors.root?.server?.message;

  const onSubmit = form.handleSubmit(async ({ values, raw }) => {
    form.clearErrors();
    let params: Record<string, unknown>;
    if (open) {
      try {
        params = JSON.parse(raw || "{}");
      } catch {
        return form.setError("raw", { message: "Not valid JSON" });
      }
    } else {
      const out = testParamsFrom(fields, values);
      const bad = Object.entries(out.errors);
      if (bad.length) {
        bad.forEach(([i, message], n) => form.setError(`values.${Number(i)}`, { message }, { shouldFocus: n === 0 }));
        return;
      }
      params = out.params;
    }
    try {
      onResult(await run.mutateAsync(params));
    } catch (err) {
      const fieldErrors = err instanceof ApiError ? err.fieldErrors : {};
      const general: string[] = [];
      for (const [path, message] of Object.entries(fieldErrors)) {
        const index = fields.findIndex((f) => f.name === parseServerPath(path)[0]);
        if (index >= 0 && !open) form.setError(`values.${index}`, { message: message.charAt(0).toUpperCase() + message.slice(1) });
        else general.push(message);
      }
      if (general.length || Object.keys(fieldErrors).length === 0) {
        form.setError("root.server", { message: err instanceof Error ? err.message : "The test could not be run" });
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Test parameters">
      {open ? (
        <Field label="Parameters (JSON object)" error={errors.raw?.message} hint="The schema lists no properties but accepts others: send any JSON object.">
          {(p) => <Textarea {...p} {...form.register("raw")} rows={5} spellCheck={false} className="font-mono text-xs" />}
        </Field>
      ) : fields.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">This tool takes no parameters; the test sends an empty object.</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {fields.map((field, i) => (
            <Field
              key={field.name}
              label={<span className="font-mono text-[13px]">{field.name}</span>}
              required={field.required}
              error={errors.values?.[i]?.message}
              hint={[field.description, typeHint(field)].filter(Boolean).join(" — ")}
              className={field.input === "json" ? "sm:col-span-2" : undefined}
            >
              {(p) => <TestInputControl field={field} index={i} p={p} register={form.register} />}
            </Field>
          ))}
        </div>
      )}
      {rootError && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300">
          {rootError}
        </p>
      )}
      <Button type="submit" disabled={run.isPending}>
        <Play aria-hidden="true" />
        {run.isPending ? "Running…" : "Run test"}
      </Button>
    </form>
  );
}
