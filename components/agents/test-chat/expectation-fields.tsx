"use client";

import * as React from "react";
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input, controlClass } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useActiveTools } from "@/lib/tools/hooks-active";
import { cn } from "@/lib/utils";
import { blankDraft, EXPECTATION_KINDS, KIND_LABELS, type TestCaseValues } from "./test-case-values";

// The expectations of a test case (Save as test case, Edit): a row per expectation, each with its
// kind and that kind's inputs; errors come from the API's schema, beside the field they name.

export type ExpectationFieldsProps = {
  /** Ids of the tools the tested version may call (its tasks' api_tool_ids). */
  toolIds: readonly string[];
  /** Arguments each tool was called with in the conversation being saved, shown as a hint. */
  called?: Map<string, Record<string, unknown>[]>;
};

/** The names the version's tools are called by, or undefined while they load (inactive or deleted tools are not offered). */
function useToolNames(toolIds: readonly string[]): { names: string[] | undefined; failed: boolean } {
  const tools = useActiveTools();
  const names = React.useMemo(
    () => tools.data?.filter((t) => toolIds.includes(t.id)).map((t) => t.name),
    [tools.data, toolIds],
  );
  return { names, failed: tools.isError };
}

export function ExpectationFields({ toolIds, called }: ExpectationFieldsProps) {
  const { control, formState } = useFormContext<TestCaseValues>();
  const list = useFieldArray({ control, name: "expect" });
  const tools = useToolNames(toolIds);
  const errors = formState.errors.expect;
  const listError = errors?.root?.message ?? errors?.message;
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-medium">Expectations</legend>
      {list.fields.map((f, i) => (
        <ExpectationRow key={f.id} index={i} tools={tools} called={called} onRemove={() => list.remove(i)} />
      ))}
      <Button type="button" variant="outline" size="sm" onClick={() => list.append(blankDraft())} disabled={list.fields.length >= 20}>
        Add expectation
      </Button>
      {listError && <p className="text-[13px] text-red-600 dark:text-red-400">{listError}</p>}
    </fieldset>
  );
}

type RowProps = { index: number; tools: ReturnType<typeof useToolNames>; called?: Map<string, Record<string, unknown>[]>; onRemove: () => void };

function ExpectationRow({ index: i, tools, called, onRemove }: RowProps) {
  const { register, control, formState } = useFormContext<TestCaseValues>();
  const [type, tool] = useWatch({ control, name: [`expect.${i}.type`, `expect.${i}.tool`] });
  const err = formState.errors.expect?.[i];
  // A saved test may name a tool the version no longer has: it stays a choice, so editing keeps it.
  const choices = [...new Set([...(tools.names ?? []), ...(tool ? [tool] : [])])].sort();
  const seen = tool ? called?.get(tool) : undefined;
  let toolHint: string | undefined;
  if (tools.failed) toolHint = "Could not load the agent's tools.";
  else if (tools.names?.length === 0) toolHint = "This version has no active tools.";
  return (
    <fieldset className="space-y-2 rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
      <legend className="px-1 text-xs font-medium text-zinc-600 dark:text-zinc-300">Expectation {i + 1}</legend>
      <div className="flex items-end gap-2">
        <Field label="Kind" className="min-w-0 flex-1" error={err?.type?.message}>
          <select className={cn(controlClass, "h-9")} {...register(`expect.${i}.type`)}>
            {EXPECTATION_KINDS.map((k) => <option key={k} value={k}>{KIND_LABELS[k]}</option>)}
          </select>
        </Field>
        <Button type="button" variant="ghost" size="icon" aria-label={`Remove expectation ${i + 1}`} onClick={onRemove}>
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      {type === "reply_contains" && (
        <Field label="Text" hint="Some reply of the agent contains this text (any case)." error={err?.text?.message}>
          <Input autoComplete="off" {...register(`expect.${i}.text`)} />
        </Field>
      )}
      {type === "reply_matches" && (
        <Field label="Pattern" hint={<>A JavaScript regular expression some reply matches, e.g. <code>Monday at \d+</code></>} error={err?.pattern?.message}>
          <Input autoComplete="off" spellCheck={false} className="font-mono" {...register(`expect.${i}.pattern`)} />
        </Field>
      )}
      {type === "tool_called" && (
        <>
          <Field label="Tool" hint={toolHint} error={err?.tool?.message}>
            <select className={cn(controlClass, "h-9")} aria-busy={tools.names === undefined && !tools.failed ? true : undefined} {...register(`expect.${i}.tool`)}>
              <option value="">{tools.names === undefined && !tools.failed ? "Loading tools…" : "Choose a tool"}</option>
              {choices.map((name) => <option key={name} value={name}>{name}</option>)}
            </select>
          </Field>
          <Field
            label="Arguments (JSON, optional)"
            hint={<>The call has these arguments with these values; others may be there too.{seen ? <> Called here with <code className="break-all">{seen.map((a) => JSON.stringify(a)).join(", ")}</code>.</> : null}</>}
            error={err?.args?.message}
          >
            <Textarea rows={2} spellCheck={false} className="font-mono text-xs" placeholder='{"day": "monday"}' {...register(`expect.${i}.args`)} />
          </Field>
        </>
      )}
      {type === "judge" && (
        <Field label="Criterion" hint="What the conversation must achieve, in words; the account's default AI provider judges it." error={err?.criteria?.message}>
          <Textarea rows={2} {...register(`expect.${i}.criteria`)} />
        </Field>
      )}
    </fieldset>
  );
}
