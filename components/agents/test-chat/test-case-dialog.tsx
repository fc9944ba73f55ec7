"use client";

import * as React from "react";
import { FormProvider, type UseFormReturn } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { placeServerErrors } from "./server-errors";
import type { TestCaseValues } from "./test-case-values";

// The frame the Save and Edit test case dialogs share: the name field first, the dialog's own fields,
// what the server refused without naming a field, and the footer. Saving toasts and closes; a refusal
// is placed beside its field (./server-errors.ts).

export type TestCaseDialogProps = {
  title: string;
  description: React.ReactNode;
  submitLabel: string;
  form: UseFormReturn<TestCaseValues>;
  save: (v: TestCaseValues) => Promise<unknown>;
  onClose: () => void;
  /** Shown when the server named no field (default: its message). */
  problem?: string;
  children: React.ReactNode;
};

export function TestCaseDialog({ title, description, submitLabel, form, save, onClose, problem, children }: TestCaseDialogProps) {
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (v) => {
    try {
      await save(v);
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
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <FormProvider {...form}>
          <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={title}>
            <Field label="Name" required error={errors.name?.message}>
              <Input autoComplete="off" {...form.register("name")} />
            </Field>
            {children}
            <ServerError message={errors.root?.server?.message ?? problem} />
            <DialogFooter>
              <DialogClose asChild><Button type="button" variant="outline">Cancel</Button></DialogClose>
              <Button type="submit" disabled={isSubmitting}>{isSubmitting ? "Saving…" : submitLabel}</Button>
            </DialogFooter>
          </form>
        </FormProvider>
      </DialogContent>
    </Dialog>
  );
}

/** What the server refused without naming a field (or could not be reached). */
export function ServerError({ message }: { message?: string }) {
  if (!message) return null;
  return <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300">{message}</p>;
}
