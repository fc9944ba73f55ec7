"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type Resolver, type UseFormRegisterReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogFooter } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { placeServerErrors, topLevelField } from "@/components/ui/server-field-errors";
import { useCreateEngine, type EngineRecord } from "@/lib/engines/hooks";
import { providerInfo } from "@/lib/engines/providers";
import { VENDOR_FORMS, vendorCreateBody, type VendorFormValues, type VendorProvider } from "./vendor-engine-values";

const FIELDS = ["name", "api_key", "base_url", "phone_number_id", "from_number"] as const;

/** The number calls are placed from, in the vendor's terms: on the add form and the edit form alike. */
export function VendorNumberField({ provider, error, registration }: { provider: VendorProvider; error?: string; registration: UseFormRegisterReturn }) {
  const f = VENDOR_FORMS[provider];
  return (
    <Field label={f.numberLabel} error={error} hint={f.numberHint}>
      <Input type={f.numberField === "from_number" ? "tel" : "text"} autoComplete="off" spellCheck={false} placeholder={f.numberPlaceholder} {...registration} />
    </Field>
  );
}

/**
 * Connecting a Vapi or Retell account: its key, its API's origin and the number calls go out from.
 * The server's own schema validates the form; its field errors come back beside the fields. On
 * success the parent shows the webhook URL to paste into the vendor's dashboard (and Vapi's secret, once).
 */
export function VendorEngineForm({ provider, onCreated }: { provider: VendorProvider; onCreated: (engine: EngineRecord) => void }) {
  const f = VENDOR_FORMS[provider];
  const info = providerInfo(provider);
  const form = useForm<VendorFormValues>({
    resolver: zodResolver(f.schema) as unknown as Resolver<VendorFormValues>,
    defaultValues: { name: "", provider, api_key: "", base_url: info?.defaultBaseUrl ?? "", [f.numberField]: "" },
  });
  const create = useCreateEngine();
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (v) => {
    try {
      onCreated(await create.mutateAsync(vendorCreateBody(v)));
    } catch (err) {
      placeServerErrors(err, form.setError, topLevelField(FIELDS));
    }
  });
  const label = info?.label ?? provider;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={`Add a ${label} engine`}>
      <Field label="Name" required error={errors.name?.message}>
        <Input autoComplete="off" placeholder={f.namePlaceholder} {...form.register("name")} />
      </Field>
      <Field label={f.keyLabel} required error={errors.api_key?.message} hint={f.keyHint}>
        <Input type="password" autoComplete="new-password" spellCheck={false} {...form.register("api_key")} />
      </Field>
      <VendorNumberField provider={provider} error={errors[f.numberField]?.message} registration={form.register(f.numberField)} />
      <Field label="Base URL" required error={errors.base_url?.message} hint={`${label}'s API. Leave as it is unless you reach it through a relay.`}>
        <Input type="url" inputMode="url" autoComplete="off" spellCheck={false} {...form.register("base_url")} />
      </Field>
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
