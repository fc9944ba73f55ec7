"use client";

import { placeServerErrors } from "@/components/ui/server-field-errors";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useCreateAiProvider, useUpdateAiProvider } from "@/lib/ai-providers/hooks";
import { AiProviderCreate, AiProviderEditForm, type AiProvider, type AiProviderCreateInput } from "@/lib/ai-providers/schema";

const FIELDS = ["name", "base_url", "api_key", "model"] as const;
const isField = (p: string): p is (typeof FIELDS)[number] => (FIELDS as readonly string[]).includes(p);
type Output = z.output<typeof AiProviderCreate> | z.output<typeof AiProviderEditForm>;

/**
 * "Add AI provider", or "Edit" one (`provider`): the server's own schema validates the form; its 4xx
 * field errors go back beside the fields. The key is a password field, sent and never shown again:
 * editing, it starts blank and a blank key keeps the stored one.
 */
export function AiProviderFormDialog({ provider, onClose }: { provider?: AiProvider; onClose: () => void }) {
  const form = useForm<AiProviderCreateInput, unknown, Output>({
    resolver: zodResolver(provider ? AiProviderEditForm : AiProviderCreate) as never,
    defaultValues: provider
      ? { name: provider.name, base_url: provider.base_url, api_key: "", model: provider.model }
      : { name: "", base_url: "https://api.openai.com/v1", api_key: "", model: "gpt-4o-mini" },
  });
  const create = useCreateAiProvider();
  const update = useUpdateAiProvider();
  const { errors, isSubmitting } = form.formState;
  const title = provider ? `Edit ${provider.name}` : "Add AI provider";

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (provider) {
        const saved = await update.mutateAsync({ id: provider.provider_id, body: values });
        toast.success(`AI provider '${saved.name}' saved`);
      } else {
        const made = await create.mutateAsync(values as z.output<typeof AiProviderCreate>);
        toast.success(`AI provider '${made.name}' added`, { description: "Check the connection to prove the key and model." });
      }
      onClose();
    } catch (err) {
      placeServerErrors(err, form.setError, (path) => (isField(path) ? path : undefined));
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>Any OpenAI-compatible chat-completions API: OpenAI, Azure OpenAI, Groq, OpenRouter, or your own vLLM or Ollama.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={provider ? "Edit AI provider" : "Add AI provider"}>
          <Field label="Name" required error={errors.name?.message}>
            <Input autoComplete="off" placeholder="OpenAI" {...form.register("name")} />
          </Field>
          <Field label="Base URL" required error={errors.base_url?.message} hint="Usually ends in /v1. A private address works only if the operator allowlisted it.">
            <Input type="url" inputMode="url" autoComplete="off" spellCheck={false} {...form.register("base_url")} />
          </Field>
          <Field label="Model" required error={errors.model?.message} hint="The model id the provider knows, e.g. gpt-4o-mini.">
            <Input autoComplete="off" spellCheck={false} {...form.register("model")} />
          </Field>
          <Field
            label="API key" required={!provider} error={errors.api_key?.message}
            hint={provider
              ? `Leave blank to keep the stored key${provider.api_key_hint ? ` (${provider.api_key_hint})` : ""}; a base URL on another host needs the key again.`
              : "Stored encrypted and sent only to this base URL's origin; only its last 4 characters are shown afterwards."}
          >
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
            <Button type="submit" disabled={isSubmitting}>{isSubmitting ? (provider ? "Saving…" : "Adding…") : (provider ? "Save provider" : "Add provider")}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
