"use client";

import { toast } from "sonner";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useDeleteAgent } from "@/lib/agents/hooks";

export type DeleteTarget = { agent_id: string; agent_name: string };

/** Asks before deleting; open while `agent` is set. */
export function DeleteAgentDialog({ agent, onClose, onDeleted }: {
  agent: DeleteTarget | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const del = useDeleteAgent();
  return (
    <ConfirmDialog
      open={agent !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete agent?"
      description={
        <>
          <span className="font-medium text-zinc-900 dark:text-zinc-100">{agent?.agent_name}</span> and its prompts will be
          deleted. Calls it already handled stay in the call log.
        </>
      }
      confirmLabel="Delete agent"
      onConfirm={async () => {
        if (!agent) return;
        await del.mutateAsync(agent.agent_id);
        toast.success("Agent deleted", { description: agent.agent_name });
        onDeleted?.();
      }}
    />
  );
}
