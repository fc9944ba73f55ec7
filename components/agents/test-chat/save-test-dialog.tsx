"use client";

import * as React from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type FieldErrors } from "react-hook-form";
import { useCreateAgentTest } from "@/lib/agents/tests/hooks";
import { ExpectationFields } from "./expectation-fields";
import { TestCaseDialog } from "./test-case-dialog";
import { calledArgs, suggestedExpectations, TestCaseForm, toBody, type TestCaseValues } from "./test-case-values";
import type { Entry } from "./use-test-chat";

// "Save as test case": the conversation's user turns become the test's turns; the expectations start
// from what this conversation showed (the tools called, the last reply) and can be edited.

export type SaveTestDialogProps = {
  agentId: string;
  entries: readonly Entry[];
  variables: Record<string, string>;
  /** The tested version's tools, offered for "Tool called". */
  toolIds: readonly string[];
  onClose: () => void;
};

export function SaveTestDialog({ agentId, entries, variables, toolIds, onClose }: SaveTestDialogProps) {
  const turns = entries.flatMap((e) => (e.kind === "user" ? [e.text] : []));
  const form = useForm<TestCaseValues>({
    resolver: zodResolver(TestCaseForm),
    mode: "onTouched",
    defaultValues: {
      name: turns[0]?.slice(0, 60) ?? "",
      turns: turns.map((text) => ({ text })),
      variables: Object.entries(variables).map(([name, value]) => ({ name, value })),
      expect: suggestedExpectations(entries),
    },
  });
  const called = React.useMemo(() => calledArgs(entries), [entries]);
  const create = useCreateAgentTest(agentId);
  return (
    <TestCaseDialog
      title="Save as test case"
      description={`Replays your ${turns.length === 1 ? "message" : `${turns.length} messages`} against a version and checks the expectations.`}
      submitLabel="Save test case" form={form} save={(v) => create.mutateAsync(toBody(v))} onClose={onClose}
      // The turns and variables come from the chat and have no fields here: say what is wrong with them.
      problem={hiddenProblem(form.formState.errors)}
    >
      <ExpectationFields toolIds={toolIds} called={called} />
    </TestCaseDialog>
  );
}

function hiddenProblem(errors: FieldErrors<TestCaseValues>): string | undefined {
  const turn = errors.turns?.root?.message ?? errors.turns?.message ?? errors.turns?.find?.((t) => t?.text)?.text?.message;
  const variable = errors.variables?.find?.((v) => v?.value)?.value?.message;
  if (turn) return `Your messages cannot be saved: ${turn}`;
  if (variable) return `Your variables cannot be saved: ${variable}`;
  return undefined;
}
