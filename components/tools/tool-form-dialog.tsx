"use client";

import * as React from "react";
import { FormProvider, useForm, type FieldPath } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ApiError } from "@/lib/http/fetch-json";
import { useRegisterTool, useUpdateTool } from "@/lib/tools/hooks-mutations";
import type { ToolRecord } from "@/lib/tools/hooks";
import {
  emptyToolForm, fieldForPath, fieldMessage, parseServerPath, toolFormFromRecord, toolFormResolver, toPatchBody,
  toRegistrationBody, type ToolFormValues,
} from "@/lib/tools/tool-form";
import { ParametersEditor } from "./parameters-editor";
import { PasteJsonPanel } from "./paste-json-panel";
import { ToolFormFields } from "./tool-form-fields";

type Props = { mode: "create"; tool?: undefined; onClose: () => void } | { mode: "edit"; tool: ToolRecord; onClose: () => void };

/**
 * Register (POST /api/tools) or edit (PATCH /api/tools/{id}) a tool. Validation is the server's
 * zod schema run over the body the form would send; the server's own field errors (409 for a
 * taken name included) are put back beside the fields they name.
 */
export function ToolFormDialog({ mode, tool, onClose }: Props) {
  const form = useForm<ToolFormValues>({
    resolver: toolFormResolver(mode),
    defaultValues: tool ? toolFormFromRecord(tool) : emptyToolForm(),
  });
  const [tab, setTab] = React.useState("form");
  const register = useRegisterTool();
  const update = useUpdateTool(tool?.id ?? "");
  const rootError = form.formState.errors.root?.server?.message;

  function showServerErrors(err: unknown, values: ToolFormValues) {
    if (!(err instanceof ApiError)) {
      form.setError("root.server", { message: "Could not reach the server. Try again." });
      return;
    }
    let placed = 0;
    for (const [path, message] of Object.entries(err.fieldErrors)) {
      const field = fieldForPath(parseServerPath(path), values);
      if (field === "root.server") continue;
      form.setError(field as FieldPath<ToolFormValues>, { type: "server", message: fieldMessage(field, message) }, { shouldFocus: placed === 0 });
      placed++;
    }
    if (!placed) form.setError("root.server", { message: err.message });
    setTab("form");
  }

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        const res = mode === "create"
          ? await register.mutateAsync(toRegistrationBody(values))
          : await update.mutateAsync(toPatchBody(values));
        toast.success(mode === "create" ? `Tool '${res.data.name}' registered` : `Tool '${res.data.name}' saved`);
        onClose();
      } catch (err) {
        showServerErrors(err, values);
      }
    },
    // Errors may sit on the form tab while the paste tab is showing.
    () => setTab("form"),
  );

  const fields = (
    <div className="space-y-5">
      <ToolFormFields mode={mode} tokenHint={tool?.api_token_hint ?? null} />
      <ParametersEditor />
    </div>
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-w-3xl"
        {...(mode === "edit" && { "aria-describedby": undefined })}
        // Editing starts at the first field that can change (the name can't).
        onOpenAutoFocus={mode === "edit" ? (e) => { e.preventDefault(); form.setFocus("description"); } : undefined}
      >
        <DialogHeader>
          <DialogTitle>{mode === "create" ? "Register tool" : `Edit ${tool?.name}`}</DialogTitle>
          {mode === "create" && (
            <DialogDescription>
              Describe the function for the language model, and the HTTP endpoint that runs it.
            </DialogDescription>
          )}
        </DialogHeader>
        <FormProvider {...form}>
          <form onSubmit={onSubmit} noValidate className="min-w-0 space-y-5" aria-label={mode === "create" ? "Register tool" : "Edit tool"}>
            {mode === "create" ? (
              <Tabs value={tab} onValueChange={setTab}>
                <TabsList>
                  <TabsTrigger value="form">Form</TabsTrigger>
                  <TabsTrigger value="json">Paste JSON</TabsTrigger>
                </TabsList>
                <TabsContent value="form" forceMount className="data-[state=inactive]:hidden">
                  {fields}
                </TabsContent>
                <TabsContent value="json">
                  <PasteJsonPanel onFilled={() => setTab("form")} />
                </TabsContent>
              </Tabs>
            ) : (
              fields
            )}
            {rootError && (
              <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300">
                {rootError}
              </p>
            )}
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button type="submit" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? "Saving…" : mode === "create" ? "Register tool" : "Save changes"}
              </Button>
            </DialogFooter>
          </form>
        </FormProvider>
      </DialogContent>
    </Dialog>
  );
}
