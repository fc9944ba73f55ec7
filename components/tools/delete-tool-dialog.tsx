"use client";

import { toast } from "sonner";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useDeleteTool } from "@/lib/tools/hooks-mutations";
import type { ToolRecord } from "@/lib/tools/hooks";

/** Confirms a delete; a tool agents still use is refused by the server (409), shown in the dialog. */
export function DeleteToolDialog({ tool, onClose }: { tool: ToolRecord; onClose: () => void }) {
  const remove = useDeleteTool();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Delete ${tool.name}?`}
      description="The tool and its test history are removed. Agents can no longer attach it. To keep it but stop its use, switch it off instead."
      confirmLabel="Delete tool"
      onConfirm={async () => {
        const res = await remove.mutateAsync(tool.id);
        toast.success(res.message);
      }}
    />
  );
}
