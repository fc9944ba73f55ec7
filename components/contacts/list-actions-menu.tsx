"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { MoreHorizontal, Pencil, Trash2 } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useDeleteList, type ContactList } from "@/lib/contacts/hooks";
import { useCan } from "@/lib/people/hooks/use-can";

// The form brings zod and the shared schema module (with libphonenumber-js metadata): load it on first use.
const RenameListDialog = dynamic(() => import("@/components/contacts/rename-list-dialog").then((m) => m.RenameListDialog), { ssr: false });

/** Rename / Delete for one list, on the lists table and the list's own page. */
export function ListActionsMenu({ list, onDeleted, variant = "ghost" }: {
  list: ContactList;
  onDeleted?: () => void;
  variant?: "ghost" | "outline";
}) {
  const [dialog, setDialog] = React.useState<"rename" | "delete" | null>(null);
  const [renameLoaded, setRenameLoaded] = React.useState(false);
  const remove = useDeleteList();
  const can = useCan("editor");
  const count = list.contact_count.toLocaleString("en-US");

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant={variant} size="icon" className={variant === "ghost" ? "size-8" : undefined} aria-label={`Actions for ${list.name}`}>
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem disabled={!can.allowed} onSelect={() => { setRenameLoaded(true); setDialog("rename"); }}>
            <Pencil aria-hidden="true" /> Rename
          </DropdownMenuItem>
          <DropdownMenuItem destructive disabled={!can.allowed} onSelect={() => setDialog("delete")}>
            <Trash2 aria-hidden="true" /> Delete list
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {renameLoaded && <RenameListDialog list={list} open={dialog === "rename"} onOpenChange={(o) => setDialog(o ? "rename" : null)} />}
      <ConfirmDialog
        open={dialog === "delete"}
        onOpenChange={(o) => setDialog(o ? "delete" : null)}
        title={`Delete "${list.name}"?`}
        description={`The list and its ${count} contacts are deleted for good.`}
        confirmLabel="Delete list"
        onConfirm={async () => {
          await remove.mutateAsync(list.list_id);
          toast.success(`Deleted "${list.name}"`);
          onDeleted?.();
        }}
      />
    </>
  );
}
