"use client";

import { placeServerErrors, topLevelField } from "@/components/ui/server-field-errors";
import * as React from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { OneTimeSecret } from "@/components/settings/one-time-secret";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useCreateWebhookEndpoint, useUpdateWebhookEndpoint } from "@/lib/webhooks/hooks";
import { EndpointCreate, type Endpoint, type EndpointCreateInput } from "@/lib/webhooks/schema";
import { EventPicker } from "./event-picker";

const FIELDS = ["url", "description", "events"] as const;
const fieldOf = topLevelField(FIELDS);

/**
 * Add or edit an endpoint. The API's own schema validates the form (edit sends the same three
 * fields as a PATCH); server field errors go beside their fields. After adding, the dialog shows
 * the signing secret once, then forgets it.
 */
export function EndpointFormDialog({ endpoint, onClose }: { endpoint?: Endpoint; onClose: () => void }) {
  const form = useForm<EndpointCreateInput, unknown, z.output<typeof EndpointCreate>>({
    resolver: zodResolver(EndpointCreate),
    defaultValues: endpoint
      ? { url: endpoint.url, description: endpoint.description, events: endpoint.events as EndpointCreateInput["events"] }
      : { url: "", description: "", events: ["*"] },
  });
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const [secret, setSecret] = React.useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const title = endpoint ? "Edit endpoint" : "Add endpoint";

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (endpoint) {
        await update.mutateAsync({ id: endpoint.endpoint_id, body: values });
        toast.success("Endpoint saved");
        return onClose();
      }
      const created = await create.mutateAsync(values);
      setSecret(created.secret);
      // The secret now lives in this dialog's state alone, not in the mutation cache.
      create.reset();
    } catch (err) {
      placeServerErrors(err, form.setError, fieldOf);
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        {secret ? (
          <>
            <DialogHeader>
              <DialogTitle>Endpoint added</DialogTitle>
              <DialogDescription>Receivers verify each message with this secret (Standard Webhooks). Keep it in your receiver&apos;s configuration.</DialogDescription>
            </DialogHeader>
            <OneTimeSecret label="Signing secret" url={secret} note="Copy it now: you won't see it again. If it is lost, rotate the secret." />
            <DialogFooter>
              <Button onClick={onClose} autoFocus>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>{title}</DialogTitle>
              <DialogDescription>Voxdesk POSTs signed events here, retrying for about a day when the receiver fails.</DialogDescription>
            </DialogHeader>
            <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={title}>
              <Field label="URL" required error={errors.url?.message} hint="An http(s) address your server answers with 2xx. Private addresses need the operator's allowlist; redirects are not followed.">
                <Input type="url" inputMode="url" autoComplete="off" spellCheck={false} placeholder="https://crm.example.com/hooks/voxdesk" {...form.register("url")} />
              </Field>
              <Field label="Description" error={errors.description?.message}>
                <Input autoComplete="off" placeholder="CRM sync" {...form.register("description")} />
              </Field>
              <Controller
                control={form.control}
                name="events"
                render={({ field, fieldState }) => (
                  <EventPicker value={field.value as string[]} onChange={field.onChange} error={fieldState.error?.message ?? fieldState.error?.root?.message} />
                )}
              />
              {errors.root?.server && (
                <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300">{errors.root.server.message}</p>
              )}
              <DialogFooter>
                <DialogClose asChild><Button variant="outline">Cancel</Button></DialogClose>
                <Button type="submit" disabled={isSubmitting}>{isSubmitting ? "Saving…" : endpoint ? "Save endpoint" : "Add endpoint"}</Button>
              </DialogFooter>
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
