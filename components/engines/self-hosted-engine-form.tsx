"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogFooter } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { placeServerErrors } from "@/components/ui/server-field-errors";
import { useCreateEngine, type EngineRecord } from "@/lib/engines/hooks";
import { SelfHostedEngineForm as Schema } from "@/lib/engines/schema";

type Values = z.input<typeof Schema>;
const FIELDS = ["name", "base_url", "api_key", "telephony.account_sid", "telephony.auth_token", "telephony.from_number", "telephony.api_base_url"] as const;

/**
 * Registering your own Bolna server and the Twilio account its calls go out through. The server's
 * schema validates the form; its field errors come back beside the fields. On success the parent
 * shows the push secret, once.
 */
export function SelfHostedEngineForm({ onCreated }: { onCreated: (engine: EngineRecord) => void }) {
  const form = useForm<Values>({
    resolver: zodResolver(Schema),
    defaultValues: { name: "", provider: "bolna-self-hosted", base_url: "", api_key: "",
      telephony: { provider: "twilio", account_sid: "", auth_token: "", from_number: "", api_base_url: "https://api.twilio.com" } },
  });
  const create = useCreateEngine();
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (v) => {
    try {
      onCreated(await create.mutateAsync({ ...v, api_key: v.api_key || undefined }));
    } catch (err) {
      placeServerErrors(err, form.setError, (p) => FIELDS.find((f) => p === f));
    }
  });
  const t = errors.telephony;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Add a self-hosted Bolna engine">
      <Field label="Name" required error={errors.name?.message}>
        <Input autoComplete="off" placeholder="Our Bolna server" {...form.register("name")} />
      </Field>
      <Field label="Bolna server URL" required error={errors.base_url?.message} hint="Where your open-source Bolna server answers, e.g. https://bolna.example.com.">
        <Input type="url" inputMode="url" autoComplete="off" spellCheck={false} {...form.register("base_url")} />
      </Field>
      <Field label="Proxy API key" error={errors.api_key?.message} hint="Only if a proxy in front of the server asks for a Bearer token; the server itself has none.">
        <Input type="password" autoComplete="new-password" spellCheck={false} {...form.register("api_key")} />
      </Field>
      <fieldset className="space-y-4 rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
        <legend className="px-1 text-sm font-medium">Twilio (Voxdesk places the calls through it)</legend>
        <Field label="Account SID" required error={t?.account_sid?.message}>
          <Input autoComplete="off" spellCheck={false} placeholder="AC…" {...form.register("telephony.account_sid")} />
        </Field>
        <Field label="Auth token" required error={t?.auth_token?.message} hint="Stored encrypted; only its last 4 characters are shown afterwards.">
          <Input type="password" autoComplete="new-password" spellCheck={false} {...form.register("telephony.auth_token")} />
        </Field>
        <Field label="From number" required error={t?.from_number?.message} hint="A number of this Twilio account, with its country code: +14155550100.">
          <Input type="tel" autoComplete="off" {...form.register("telephony.from_number")} />
        </Field>
        <Field label="Twilio API URL" error={t?.api_base_url?.message} hint="Leave as it is unless you reach Twilio through a relay.">
          <Input type="url" inputMode="url" autoComplete="off" spellCheck={false} {...form.register("telephony.api_base_url")} />
        </Field>
      </fieldset>
      {errors.root?.server && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300">{errors.root.server.message}</p>
      )}
      <DialogFooter>
        <DialogClose asChild><Button variant="outline">Cancel</Button></DialogClose>
        <Button type="submit" disabled={isSubmitting}>{isSubmitting ? "Saving…" : "Add engine"}</Button>
      </DialogFooter>
    </form>
  );
}
