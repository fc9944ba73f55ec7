"use client";

import * as React from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useDeleteAgent } from "@/lib/hooks/agents";

export type DeleteTarget = { agent_id: string; agent_name: string };

/** Asks before deleting; open while `agent` is set. */
export function DeleteAgentDialog({ agent, onClose, onDeleted }: {
  agent: DeleteTarget | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const del = useDeleteAgent();
  const [error, setError] = React.useState<string>();

  async function confirm() {
    if (!agent) return;
    setError(undefined);
    try {
      await del.mutateAsync(agent.agent_id);
      toast.success("Agent deleted", { description: agent.agent_name });
      onClose();
      onDeleted?.();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  }

  return (
    <Dialog open={agent !== null} onOpenChange={(open) => { if (!open) { setError(undefined); onClose(); } }}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Delete agent?</DialogTitle>
          <DialogDescription>
            <span className="font-medium text-zinc-900 dark:text-zinc-100">{agent?.agent_name}</span> and its prompts will be
            deleted. Calls it already handled stay in the call log.
          </DialogDescription>
        </DialogHeader>
        {error && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{error}</p>}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={del.isPending}>
            {del.isPending ? "Deleting…" : "Delete agent"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
