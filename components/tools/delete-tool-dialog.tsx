"use client";

import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useDeleteTool } from "@/lib/hooks/tool-mutations";
import type { ToolRecord } from "@/lib/hooks/tools";

/** Confirms a delete; a tool agents still use is refused by the server (409), shown here. */
export function DeleteToolDialog({ tool, onClose }: { tool: ToolRecord; onClose: () => void }) {
  const remove = useDeleteTool();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {tool.name}?</DialogTitle>
          <DialogDescription>
            The tool and its test history are removed. Agents can no longer attach it. To keep it but stop its use, switch it
            off instead.
          </DialogDescription>
        </DialogHeader>
        {remove.error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300">
            {remove.error.message}
          </p>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(tool.id, {
                onSuccess: (res) => {
                  toast.success(res.message);
                  onClose();
                },
              })
            }
          >
            {remove.isPending ? "Deleting…" : "Delete tool"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
