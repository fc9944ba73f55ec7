"use client";

import * as React from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/ui/field";
import { showServerErrors } from "@/components/contacts/server-errors";
import { useCreateKey, type CreatedKey } from "@/lib/people/hooks/api-keys";
import { KeyCreate } from "@/lib/people/schema";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { OneTimeSecret } from "./one-time-secret";

/** Name + scope → the new key, shown once with a copy button. */
export function CreateKeyForm() {
  const create = useCreateKey();
  const [created, setCreated] = React.useState<CreatedKey | null>(null);
  const form = useForm<KeyCreate>({ resolver: zodResolver(KeyCreate), defaultValues: { name: "", scope: "read_only" } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setCreated(null);
    try {
      setCreated(await create.mutateAsync(values));
      form.reset({ name: "", scope: values.scope });
    } catch (err) {
      showServerErrors(err, ["name", "scope"], form.setError, "Could not create the key");
    }
  });
  return (
    <section aria-labelledby="new-key-heading" className="mb-8 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <h2 id="new-key-heading" className="mb-3 text-base font-semibold">Create an API key</h2>
      <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-start">
        <Field label="Name" required error={errors.name?.message} hint="What uses it, e.g. “CRM sync”.">
          <Input autoComplete="off" maxLength={100} {...form.register("name")} />
        </Field>
        <Controller control={form.control} name="scope" render={({ field }) => (
          <Field label="Scope" required error={errors.scope?.message}>
            {(p) => (
              <Select name={field.name} value={field.value} onValueChange={field.onChange}>
                <SelectTrigger {...p} ref={field.ref} onBlur={field.onBlur}><SelectValue /></SelectTrigger>
                <SelectContent>
                  <SelectItem value="read_only">read only</SelectItem>
                  <SelectItem value="full">full</SelectItem>
                </SelectContent>
              </Select>
            )}
          </Field>
        )} />
        <Button type="submit" className="sm:mt-6" disabled={isSubmitting}>{isSubmitting ? "Creating…" : "Create key"}</Button>
      </form>
      {created && (
        <OneTimeSecret label={`New key “${created.name}”`} url={created.key}
          note={`It acts as ${created.role}${created.account_level ? " for the account" : ", and never above your role"}. Copy it now: it is shown only this once and stored only as a hash. Revoke it below if it leaks.`} />
      )}
    </section>
  );
}
