"use client";

import * as React from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useFieldArray, useForm } from "react-hook-form";
import { toast } from "sonner";
import { Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input, controlClass } from "@/components/ui/input";
import { useCreateAgentTest } from "@/lib/agents/tests/hooks";
import { ApiError } from "@/lib/http/fetch-json";
import { cn } from "@/lib/utils";
import { SaveForm, suggestedExpectations, toExpectation, type SaveValues } from "./save-test-values";
import type { Entry } from "./use-test-chat";

// "Save as test case": the conversation's user turns become the test's turns; the expectations start
// from what this conversation showed (the tools called, the last reply) and can be edited.

export type SaveTestDialogProps = {
  agentId: string;
  entries: readonly Entry[];
  variables: Record<string, string>;
  onClose: () => void;
};

export function SaveTestDialog({ agentId, entries, variables, onClose }: SaveTestDialogProps) {
  const turns = entries.flatMap((e) => (e.kind === "user" ? [e.text] : []));
  const form = useForm<SaveValues>({
    resolver: zodResolver(SaveForm),
    defaultValues: { name: turns[0]?.slice(0, 60) ?? "", expect: suggestedExpectations(entries) },
  });
  const list = useFieldArray({ control: form.control, name: "expect" });
  const create = useCreateAgentTest(agentId);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (v) => {
    const filled = Object.fromEntries(Object.entries(variables).filter(([, x]) => x.trim() !== ""));
    try {
      await create.mutateAsync({ name: v.name, variables: filled, turns, expect: v.expect.map(toExpectation) });
      toast.success(`Test case "${v.name}" saved`);
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) return form.setError("root.server", { message: "Could not reach the server. Try again." });
      let placed = 0;
      for (const [path, message] of Object.entries(err.fieldErrors)) {
        // The server names expect[i].text / expect[i].tool; the form has expect.i.value.
        const m = /^expect\[(\d+)\]/.exec(path);
        if (path === "name") form.setError("name", { type: "server", message }, { shouldFocus: placed++ === 0 });
        else if (m) form.setError(`expect.${Number(m[1])}.value`, { type: "server", message }, { shouldFocus: placed++ === 0 });
      }
      if (!placed) form.setError("root.server", { message: err.message });
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
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Save as test case">
          <Field label="Name" required error={errors.name?.message}>
            <Input autoComplete="off" {...form.register("name")} />
          </Field>
          <fieldset className="space-y-3">
            <legend className="mb-1 text-sm font-medium">Expectations</legend>
            {list.fields.map((f, i) => (
              // Type above value and remove on a phone; one row from sm up.
              <div key={f.id} className="flex flex-wrap items-end gap-2 sm:flex-nowrap">
                <Field label={`Expectation ${i + 1} type`} className="w-full sm:w-40 sm:shrink-0">
                  <select className={cn(controlClass, "h-9")} {...form.register(`expect.${i}.type`)}>
                    <option value="reply_contains">Reply contains</option>
                    <option value="tool_called">Tool called</option>
                  </select>
                </Field>
                <Field label={`Expectation ${i + 1} value`} className="min-w-0 flex-1" error={errors.expect?.[i]?.value?.message}>
                  <Input autoComplete="off" {...form.register(`expect.${i}.value`)} />
                </Field>
                <Button type="button" variant="ghost" size="icon" aria-label={`Remove expectation ${i + 1}`} onClick={() => list.remove(i)}>
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            ))}
            <Button type="button" variant="outline" size="sm" onClick={() => list.append({ type: "reply_contains", value: "" })}>
              Add expectation
            </Button>
            {errors.expect?.root?.message || errors.expect?.message ? (
              <p className="text-[13px] text-red-600 dark:text-red-400">{errors.expect?.root?.message ?? errors.expect?.message}</p>
            ) : null}
          </fieldset>
          {errors.root?.server && (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300">{errors.root.server.message}</p>
          )}
          <DialogFooter>
            <DialogClose asChild><Button type="button" variant="outline">Cancel</Button></DialogClose>
            <Button type="submit" disabled={isSubmitting}>{isSubmitting ? "Saving…" : "Save test case"}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
