"use client";

import * as React from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { browserCountry, CountrySelect } from "@/components/contacts/country-select";
import { showServerErrors } from "@/components/contacts/server-errors";
import { useCreateList } from "@/lib/contacts/hooks";
import { ContactListCreate } from "@/lib/contacts/schema";

type Values = z.input<typeof ContactListCreate>;

/** Name + default country; on success the new list opens, ready for an upload. */
export function NewListDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const router = useRouter();
  const create = useCreateList();
  const form = useForm<Values, unknown, ContactListCreate>({
    resolver: zodResolver(ContactListCreate),
    defaultValues: { name: "", default_country: null },
  });
  const { errors, isSubmitting } = form.formState;

  // The browser's region is the likeliest default; read on open (navigator is client-only).
  React.useEffect(() => {
    if (open) form.reset({ name: "", default_country: browserCountry() });
  }, [open, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const list = await create.mutateAsync({ name: values.name, default_country: values.default_country ?? null });
      toast.success("List created");
      onOpenChange(false);
      router.push(`/contacts/${list.list_id}`);
    } catch (err) {
      showServerErrors(err, ["name", "default_country"], form.setError, "Could not create the list");
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New contact list</DialogTitle>
          <DialogDescription>Contacts are numbers with template variables for your agents&apos; prompts.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <Field label="List name" required error={errors.name?.message}>
            {(p) => <Input {...p} autoFocus placeholder="e.g. March renewals" {...form.register("name")} />}
          </Field>
          <Controller
            control={form.control}
            name="default_country"
            render={({ field }) => (
              <Field
                label="Default country"
                error={errors.default_country?.message}
                hint="Numbers written without + and a country code are read as this country's."
              >
                <CountrySelect value={field.value ?? null} onChange={field.onChange} onBlur={field.onBlur} />
              </Field>
            )}
          />
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? "Creating…" : "Create list"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
