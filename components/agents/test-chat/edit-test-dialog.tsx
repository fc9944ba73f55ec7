"use client";

import * as React from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useFieldArray, useForm } from "react-hook-form";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useUpdateAgentTest, type AgentTest } from "@/lib/agents/tests/hooks";
import { ExpectationFields } from "./expectation-fields";
import { TestCaseDialog } from "./test-case-dialog";
import { TestCaseForm, toBody, valuesOf, type TestCaseValues } from "./test-case-values";

// Edit a saved test case whole: its name, the caller's messages, the prompt variables and the
// expectations (PUT …/tests/{test_id}). Runs already started keep the test as it was.

export type EditTestDialogProps = {
  agentId: string;
  test: AgentTest;
  /** The tested version's {variables} and tools. */
  variableNames: readonly string[];
  toolIds: readonly string[];
  onClose: () => void;
};

export function EditTestDialog({ agentId, test, variableNames, toolIds, onClose }: EditTestDialogProps) {
  const form = useForm<TestCaseValues>({ resolver: zodResolver(TestCaseForm), mode: "onTouched", defaultValues: valuesOf(test, variableNames) });
  const turns = useFieldArray({ control: form.control, name: "turns" });
  const variables = form.getValues("variables");
  const update = useUpdateAgentTest(agentId);
  const { errors } = form.formState;
  const turnsError = errors.turns?.root?.message ?? errors.turns?.message;

  return (
    <TestCaseDialog
      title="Edit test case" description="The next run plays the test as saved here; runs already started keep it as it was."
      submitLabel="Save changes" form={form} save={(v) => update.mutateAsync({ testId: test.test_id, body: toBody(v) })} onClose={onClose}
    >
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium">Your messages</legend>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">In order; the agent answers each.</p>
        {turns.fields.map((f, i) => (
          // The remove button sits by the box, not by its error below.
          <div key={f.id} className="flex items-start gap-2">
            <Field label={`Message ${i + 1}`} className="min-w-0 flex-1" error={errors.turns?.[i]?.text?.message}>
              <Textarea rows={2} {...form.register(`turns.${i}.text`)} />
            </Field>
            <Button type="button" variant="ghost" size="icon" className="mt-7" aria-label={`Remove message ${i + 1}`} onClick={() => turns.remove(i)}>
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ))}
        <Button type="button" variant="outline" size="sm" onClick={() => turns.append({ text: "" })} disabled={turns.fields.length >= 20}>
          <Plus aria-hidden="true" />
          Add message
        </Button>
        {turnsError && <p className="text-[13px] text-red-600 dark:text-red-400">{turnsError}</p>}
      </fieldset>
      {variables.length > 0 && (
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-medium">Prompt variables</legend>
          {variables.map((v, i) => (
            <Field key={v.name} label={<code className="text-[13px]">{`{${v.name}}`}</code>} error={errors.variables?.[i]?.value?.message}>
              <Input autoComplete="off" {...form.register(`variables.${i}.value`)} />
            </Field>
          ))}
        </fieldset>
      )}
      <ExpectationFields toolIds={toolIds} />
    </TestCaseDialog>
  );
}
