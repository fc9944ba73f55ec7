"use client";

import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useDeleteEngine, useRotateWebhookSecret, type EngineRecord } from "@/lib/hooks/engines";

export type EngineConfirm = "rotate" | "delete";

const COPY = {
  rotate: {
    title: (n: string) => `Rotate the webhook secret of ${n}?`,
    text: "The current webhook URL stops working at once. Redeploy your agents (or paste the new URL into the engine) so their calls keep coming back.",
    action: "Rotate secret", busy: "Rotating…", done: (n: string) => `New webhook URL for '${n}'`,
  },
  delete: {
    title: (n: string) => `Delete ${n}?`,
    text: "Voxdesk forgets the engine, its key and its deployments. Agents already on the engine keep running there; their calls no longer come back here.",
    action: "Delete engine", busy: "Deleting…", done: (n: string) => `Engine '${n}' deleted`,
  },
} as const;

/** Rotating the webhook secret and deleting an engine both break something: each asks first. */
export function EngineConfirmDialog({ kind, engine, onClose }: { kind: EngineConfirm; engine: EngineRecord; onClose: () => void }) {
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteEngine();
  const m = kind === "rotate" ? rotate : remove;
  const copy = COPY[kind];
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{copy.title(engine.name)}</DialogTitle>
          <DialogDescription>{copy.text}</DialogDescription>
        </DialogHeader>
        {m.error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300">
            {m.error.message}
          </p>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            variant={kind === "delete" ? "destructive" : "default"}
            disabled={m.isPending}
            onClick={() =>
              m.mutate(engine.engine_id, {
                onSuccess: () => {
                  toast.success(copy.done(engine.name));
                  onClose();
                },
              })
            }
          >
            {m.isPending ? copy.busy : copy.action}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
