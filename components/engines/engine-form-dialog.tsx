"use client";

import { placeServerErrors } from "@/components/ui/server-field-errors";
import * as React from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useCheckEngine, useCreateEngine, useUpdateEngine, type EngineRecord } from "@/lib/engines/hooks";
import { providerInfo } from "@/lib/engines/providers";
import { HostedEngineCreate as EngineCreate } from "@/lib/engines/schema";
import { enginePatchBody, isEngineField, keyNeededAgain, type EngineFormValues } from "./engine-form-values";
import { PushSecretPanel } from "./push-secret-panel";
import { SelfHostedEngineForm } from "./self-hosted-engine-form";
import { VendorEngineForm, VendorNumberField } from "./vendor-engine-form";
import { blankOr, isVendorProvider, VENDOR_FORMS, VENDOR_PROVIDERS, type VendorProvider } from "./vendor-engine-values";
import { VendorWebhookPanel } from "./vendor-webhook-panel";

type Kind = "hosted" | "self-hosted" | VendorProvider;
const KINDS: readonly (readonly [Kind, string])[] = [
  ["hosted", "Bolna (hosted API)"],
  ["self-hosted", "Bolna (your own server, calls through Twilio)"],
  ...VENDOR_PROVIDERS.map((p) => [p, providerInfo(p)?.label ?? p] as const),
];

// Editing: the stored key is never in the form; blank keeps it (the server's schema checks a new one).
// A Vapi or Retell engine's number: blank clears it.
const EngineEdit = EngineCreate.omit({ provider: true }).extend({
  api_key: z.union([z.literal(""), EngineCreate.shape.api_key]),
  phone_number_id: blankOr(VENDOR_FORMS.vapi.numberSchema).optional(),
  from_number: blankOr(VENDOR_FORMS.retell.numberSchema).optional(),
});
const createResolver = zodResolver(EngineCreate.omit({ provider: true }));
const editResolver = zodResolver(EngineEdit);

type Checked = { ok: boolean; message: string };

/**
 * "Add engine" and "Edit engine": the server's own schema validates the form; its 4xx field errors
 * (e.g. the 422 asking for the key again when the URL moves to another origin) go back beside the
 * fields. Every save ends with a connection check: a good one closes the dialog; a bad one keeps it
 * open on the saved engine, saying what is wrong, so the key or URL can be fixed right there.
 */
export function EngineFormDialog({ engine: initial, onClose }: { engine?: EngineRecord; onClose: () => void }) {
  const [engine, setEngine] = React.useState<EngineRecord | undefined>(initial);
  const [checked, setChecked] = React.useState<Checked | null>(null);
  // Adding: which kind of engine; once added, a self-hosted one shows its push secret, a Vapi or
  // Retell one its webhook URL (and Vapi's secret).
  const [kind, setKind] = React.useState<Kind>("hosted");
  const [added, setAdded] = React.useState<EngineRecord | null>(null);
  // Once a new engine is saved the dialog edits it: the resolver follows without remounting the form.
  const editing = React.useRef(initial !== undefined);
  React.useEffect(() => { editing.current = engine !== undefined; }, [engine]);
  // Editing a Vapi or Retell engine: its number too.
  const vendor = initial && isVendorProvider(initial.provider) ? initial.provider : undefined;
  const numberField = vendor && VENDOR_FORMS[vendor].numberField;
  const info = vendor && providerInfo(vendor);
  const form = useForm<EngineFormValues>({
    resolver: (values, context, options) => (editing.current ? editResolver : createResolver)(values, context, options as never),
    defaultValues: { name: initial?.name ?? "", base_url: initial?.base_url ?? "https://api.bolna.ai", api_key: "", ...(numberField ? { [numberField]: initial?.[numberField] ?? "" } : {}) },
  });
  const create = useCreateEngine();
  const update = useUpdateEngine();
  const check = useCheckEngine();
  const { errors, isSubmitting } = form.formState;
  const values = useWatch({ control: form.control });
  const askKey = engine !== undefined && keyNeededAgain(engine, { name: values.name ?? "", base_url: values.base_url ?? "", api_key: values.api_key ?? "" });

  const onSubmit = form.handleSubmit(async (v) => {
    setChecked(null);
    let saved: EngineRecord;
    try {
      if (!engine) saved = await create.mutateAsync({ name: v.name, base_url: v.base_url, api_key: v.api_key });
      else {
        const body = enginePatchBody(engine, v);
        saved = Object.keys(body).length ? await update.mutateAsync({ id: engine.engine_id, body }) : engine;
      }
    } catch (err) {
      placeServerErrors(err, form.setError, (path) => (isEngineField(path) ? path : undefined));
      return;
    }
    setEngine(saved);
    const verb = engine ? "saved" : "added";
    let result: Checked;
    try {
      result = await check.mutateAsync(saved.engine_id);
    } catch (err) {
      result = { ok: false, message: `Could not check the connection: ${err instanceof Error ? err.message : String(err)}` };
    }
    if (result.ok) {
      toast.success(`Engine '${saved.name}' ${verb}`, { description: result.message });
      return onClose();
    }
    setChecked({ ok: false, message: `Engine ${verb}, but the connection check failed: ${result.message}` });
  });

  const title = engine ? "Edit engine" : "Add engine";
  const busy = isSubmitting ? (check.isPending ? "Checking the connection…" : "Saving…") : null;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>Where your agents run and their calls are placed: Bolna&apos;s hosted API, your own Bolna server with your Twilio account, or your Vapi or Retell account.</DialogDescription>
        </DialogHeader>
        {!initial && !engine && !added && (
          <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <legend className="sr-only">Kind of engine</legend>
            {KINDS.map(([k, label]) => (
              <label key={k} className="flex items-center gap-1.5">
                <input type="radio" name="engine-kind" value={k} checked={kind === k} onChange={() => setKind(k)} className="accent-indigo-600" />
                {label}
              </label>
            ))}
          </fieldset>
        )}
        {added ? (added.push_url ? <PushSecretPanel engine={added} onDone={onClose} /> : <VendorWebhookPanel engine={added} onDone={onClose} />)
          : kind === "self-hosted" && !engine ? <SelfHostedEngineForm onCreated={setAdded} />
          : isVendorProvider(kind) && !engine ? <VendorEngineForm key={kind} provider={kind} onCreated={setAdded} /> : (
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={title}>
          <Field label="Name" required error={errors.name?.message}>
            <Input autoComplete="off" placeholder="Bolna production" {...form.register("name")} />
          </Field>
          <Field label="Base URL" required error={errors.base_url?.message}
            hint={vendor ? `${info?.label ?? vendor}'s API (${info?.defaultBaseUrl}). Change it only to reach it through a relay.` : "https://api.bolna.ai for Bolna's hosted API, or your own server's URL."}>
            <Input type="url" inputMode="url" autoComplete="off" spellCheck={false} {...form.register("base_url")} />
          </Field>
          <Field
            label={engine ? "New API key" : "API key"}
            required={!engine || askKey}
            error={errors.api_key?.message}
            hint={
              !engine ? "Stored encrypted; only its last 4 characters are shown afterwards."
                : askKey ? "The base URL moves to another server: enter the key again (the stored key is only sent where it was given for)."
                : `Leave blank to keep the current key (${engine.api_key_hint || "set"}).`
            }
          >
            <Input type="password" autoComplete="new-password" spellCheck={false} {...form.register("api_key")} />
          </Field>
          {vendor && numberField && <VendorNumberField provider={vendor} error={errors[numberField]?.message} registration={form.register(numberField)} />}
          {errors.root?.server && (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300">
              {errors.root.server.message}
            </p>
          )}
          {checked && (
            <p role="alert" data-testid="engine-save-check" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300">
              {checked.message} Fix the key or base URL and save again, or close to keep it as it is.
            </p>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{checked ? "Close" : "Cancel"}</Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>{busy ?? (engine ? "Save" : "Add engine")}</Button>
          </DialogFooter>
        </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
