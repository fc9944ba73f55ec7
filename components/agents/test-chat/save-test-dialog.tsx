"use client";

import * as React from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { FormProvider, useForm, type FieldErrors } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useCreateAgentTest } from "@/lib/agents/tests/hooks";
import { ExpectationFields } from "./expectation-fields";
import { placeServerErrors } from "./server-errors";
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
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      await create.mutateAsync(toBody(v));
      toast.success(`Test case "${v.name}" saved`);
      onClose();
    } catch (err) {
      placeServerErrors(form, err);
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Save as test case</DialogTitle>
          <DialogDescription>
            Replays your {turns.length === 1 ? "message" : `${turns.length} messages`} against a version and checks the expectations.
          </DialogDescription>
        </DialogHeader>
        <FormProvider {...form}>
          <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Save as test case">
            <Field label="Name" required error={errors.name?.message}>
              <Input autoComplete="off" {...form.register("name")} />
            </Field>
            <ExpectationFields toolIds={toolIds} called={called} />
            {/* The turns and variables come from the chat and have no fields here: say what is wrong with them. */}
            <ServerError message={errors.root?.server?.message ?? hiddenProblem(errors)} />
            <DialogFooter>
              <DialogClose asChild><Button type="button" variant="outline">Cancel</Button></DialogClose>
              <Button type="submit" disabled={isSubmitting}>{isSubmitting ? "Saving…" : "Save test case"}</Button>
            </DialogFooter>
          </form>
        </FormProvider>
      </DialogContent>
    </Dialog>
  );
}

function hiddenProblem(errors: FieldErrors<TestCaseValues>): string | undefined {
  const turn = errors.turns?.root?.message ?? errors.turns?.message ?? errors.turns?.find?.((t) => t?.text)?.text?.message;
  const variable = errors.variables?.find?.((v) => v?.value)?.value?.message;
  if (turn) return `Your messages cannot be saved: ${turn}`;
  if (variable) return `Your variables cannot be saved: ${variable}`;
  return undefined;
}

/** What the server refused without naming a field (or could not be reached). */
export function ServerError({ message }: { message?: string }) {
  if (!message) return null;
  return <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300">{message}</p>;
}
