"use client";

import * as React from "react";
import { Trash2 } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { formatDateTime } from "@/components/contacts/format";
import { useDeleteContact, type ContactRecord } from "@/lib/contacts/hooks";
import { useCan } from "@/lib/people/hooks/use-can";

/** Variable names in the order they first appear: one column each, as they came from the CSV. */
function variableColumns(contacts: readonly ContactRecord[]): string[] {
  const seen = new Set<string>();
  for (const c of contacts) for (const k of Object.keys(c.template_variables)) seen.add(k);
  return [...seen];
}

export function ContactsTable({ listId, contacts }: { listId: string; contacts: ContactRecord[] }) {
  const columns = React.useMemo(() => variableColumns(contacts), [contacts]);
  const [toDelete, setToDelete] = React.useState<ContactRecord | null>(null);
  const remove = useDeleteContact(listId);
  const can = useCan("editor");

  return (
    <>
      <Table>
        <THead>
          <tr>
            <Th>Phone number</Th>
            {columns.map((k) => (
              <Th key={k} className="font-mono text-[11px]">
                {k}
              </Th>
            ))}
            <Th className="hidden sm:table-cell">Added</Th>
            <Th className="w-10">
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </THead>
        <TBody>
          {contacts.map((c) => (
            <Tr key={c.contact_id}>
              <Td>
                <div className="font-medium">{c.phone_number}</div>
                {c.phone_number_as_sent !== c.phone_number && (
                  <div className="text-xs text-zinc-500 dark:text-zinc-400" title="As uploaded">
                    {c.phone_number_as_sent}
                  </div>
                )}
              </Td>
              {columns.map((k) => {
                const v = c.template_variables[k];
                const text = v === undefined || v === "" ? "" : String(v);
                return (
                  <Td key={k} className="max-w-[14rem] truncate" title={text || undefined}>
                    {text || <span className="text-zinc-400 dark:text-zinc-600">—</span>}
                  </Td>
                );
              })}
              <Td className="hidden text-zinc-600 sm:table-cell dark:text-zinc-400">{formatDateTime(c.created_at)}</Td>
              <Td className="py-1 text-right">
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 text-zinc-500 hover:text-red-600 dark:hover:text-red-400"
                  aria-label={`Delete ${c.phone_number}`}
                  title={can.reason ?? "Delete contact"}
                  disabled={!can.allowed}
                  onClick={() => setToDelete(c)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => !o && setToDelete(null)}
        title="Delete contact?"
        description={`${toDelete?.phone_number ?? ""} is removed from this list. Uploading it again later adds it back.`}
        confirmLabel="Delete contact"
        onConfirm={async () => {
          if (!toDelete) return;
          await remove.mutateAsync(toDelete.contact_id);
          toast.success(`Deleted ${toDelete.phone_number}`);
        }}
      />
    </>
  );
}
