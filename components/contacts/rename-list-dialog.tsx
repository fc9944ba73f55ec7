"use client";

import * as React from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { showServerErrors } from "@/components/contacts/server-errors";
import { useRenameList, type ContactList } from "@/lib/contacts/hooks";
import { ContactListRename } from "@/lib/contacts/schema";

type Values = z.input<typeof ContactListRename>;

export function RenameListDialog({ list, open, onOpenChange }: { list: ContactList; open: boolean; onOpenChange: (open: boolean) => void }) {
  const rename = useRenameList();
  const form = useForm<Values, unknown, z.output<typeof ContactListRename>>({
    resolver: zodResolver(ContactListRename),
    defaultValues: { name: list.name },
  });
  const { errors, isSubmitting } = form.formState;

  React.useEffect(() => {
    if (open) form.reset({ name: list.name });
  }, [open, list.name, form]);

  const onSubmit = form.handleSubmit(async ({ name }) => {
    try {
      await rename.mutateAsync({ listId: list.list_id, name });
      toast.success("List renamed");
      onOpenChange(false);
    } catch (err) {
      showServerErrors(err, ["name"], form.setError, "Could not rename the list");
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Rename list</DialogTitle>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <Field label="List name" required error={errors.name?.message}>
            {(p) => <Input {...p} autoFocus {...form.register("name")} />}
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? "Saving…" : "Save"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
