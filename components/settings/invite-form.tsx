"use client";

import * as React from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { showServerErrors } from "@/components/contacts/server-errors";
import { OneTimeSecret } from "@/components/settings/one-time-secret";
import { useCreateInvite, type CreatedInvite } from "@/lib/people/hooks/members";
import { InviteCreate } from "@/lib/people/schema";
import { formatDateTime } from "@/lib/format/date-time";
import { RoleSelect } from "./role-select";

/** Email + role → a one-time invite link, shown once with a copy button. */
export function InviteForm({ canInviteOwner }: { canInviteOwner: boolean }) {
  const create = useCreateInvite();
  const [created, setCreated] = React.useState<CreatedInvite | null>(null);
  const form = useForm<InviteCreate>({ resolver: zodResolver(InviteCreate), defaultValues: { email: "", role: "viewer" } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setCreated(null);
    try {
      setCreated(await create.mutateAsync(values));
      form.reset({ email: "", role: values.role });
    } catch (err) {
      showServerErrors(err, ["email", "role"], form.setError, "Could not create the invite");
    }
  });
  return (
    <section aria-labelledby="invite-heading" className="mb-8 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <h2 id="invite-heading" className="mb-3 text-base font-semibold">Invite a person</h2>
      <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-start">
        <Field label="Email" required error={errors.email?.message}>
          <Input type="email" autoComplete="off" {...form.register("email")} />
        </Field>
        <Controller control={form.control} name="role" render={({ field }) => (
          <Field label="Role" required error={errors.role?.message}>
            <RoleSelect allowOwner={canInviteOwner} name={field.name} value={field.value} onValueChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
          </Field>
        )} />
        <Button type="submit" className="sm:mt-6" disabled={isSubmitting}>{isSubmitting ? "Inviting…" : "Create invite link"}</Button>
      </form>
      {created && (
        <OneTimeSecret
          label={`Invite link for ${created.email}`}
          url={created.invite_url}
          note={`Valid until ${formatDateTime(created.expires_at)}. ${created.mailed ? `Also mailed to ${created.email}.` : `It is shown only now: send it to ${created.email} yourself.`}`}
        />
      )}
    </section>
  );
}
