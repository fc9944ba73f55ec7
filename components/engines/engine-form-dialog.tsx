"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useCreateEngine } from "@/lib/engines/hooks";
import { ApiError } from "@/lib/http/fetch-json";
import { EngineCreate, type EngineCreateInput } from "@/lib/engines/schema";

type Values = { name: string; base_url: string; api_key: string };
const FIELDS = ["name", "base_url", "api_key"] as const;
const isField = (p: string): p is (typeof FIELDS)[number] => (FIELDS as readonly string[]).includes(p);

/**
 * "Add engine": the server's own schema validates the form; its 4xx field errors go back beside
 * the fields. The key is a password field, sent once in the POST body and never shown again.
 */
export function EngineFormDialog({ onClose }: { onClose: () => void }) {
  const form = useForm<EngineCreateInput, unknown, z.output<typeof EngineCreate>>({
    resolver: zodResolver(EngineCreate),
    defaultValues: { name: "", base_url: "https://api.bolna.ai", api_key: "" } satisfies Values,
  });
  const create = useCreateEngine();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const engine = await create.mutateAsync(values);
      toast.success(`Engine '${engine.name}' added`, { description: "Check the connection, then deploy an agent to it." });
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) return form.setError("root.server", { message: "Could not reach the server. Try again." });
      let placed = 0;
      for (const [path, message] of Object.entries(err.fieldErrors)) {
        if (!isField(path)) continue;
        form.setError(path, { type: "server", message }, { shouldFocus: placed++ === 0 });
      }
      if (!placed) form.setError("root.server", { message: err.message });
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add engine</DialogTitle>
          <DialogDescription>A Bolna account (hosted or self-hosted) that runs your agents and places their calls.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Add engine">
          <Field label="Name" required error={errors.name?.message}>
            <Input autoComplete="off" placeholder="Bolna production" {...form.register("name")} />
          </Field>
          <Field label="Base URL" required error={errors.base_url?.message} hint="https://api.bolna.ai for Bolna's hosted API, or your own server's URL.">
            <Input type="url" inputMode="url" autoComplete="off" spellCheck={false} {...form.register("base_url")} />
          </Field>
          <Field label="API key" required error={errors.api_key?.message} hint="Stored encrypted; only its last 4 characters are shown afterwards.">
            <Input type="password" autoComplete="new-password" spellCheck={false} {...form.register("api_key")} />
          </Field>
          {errors.root?.server && (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300">
              {errors.root.server.message}
            </p>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>{isSubmitting ? "Adding…" : "Add engine"}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
