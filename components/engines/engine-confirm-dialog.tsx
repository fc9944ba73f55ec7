"use client";

import { toast } from "sonner";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useDeleteEngine, useRotateWebhookSecret, type EngineRecord } from "@/lib/engines/hooks";

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
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={copy.title(engine.name)}
      description={copy.text}
      confirmLabel={copy.action}
      pendingLabel={copy.busy}
      destructive={kind === "delete"}
      onConfirm={async () => {
        await m.mutateAsync(engine.engine_id);
        toast.success(copy.done(engine.name));
      }}
    />
  );
}
