"use client";

import * as React from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useDeleteEngine, useRotateWebhookSecret, type EngineRecord } from "@/lib/engines/hooks";
import { providerInfo } from "@/lib/engines/providers";

export type EngineConfirm = "rotate" | "delete";

/** Where the new webhook URL must go: deployed agents carry it; a vendor's dashboard is pasted into by hand. */
function rotateText(engine: EngineRecord): string {
  const info = providerInfo(engine.provider);
  if (!info?.linksRemoteAgents) return "The current webhook URL stops working at once. Redeploy your agents (or paste the new URL into the engine) so their calls keep coming back.";
  const what = info.webhookCredential ? "The current webhook URL and its secret stop" : "The current webhook URL stops";
  return `${what} working at once. Paste the new ones into ${info.label}'s dashboard so its calls keep coming back.`;
}

const COPY = {
  rotate: {
    title: (n: string) => `Rotate the webhook secret of ${n}?`,
    text: rotateText,
    action: "Rotate secret", busy: "Rotating…", done: (n: string) => `New webhook URL for '${n}'`,
  },
  delete: {
    title: (n: string) => `Delete ${n}?`,
    text: () => "Voxdesk forgets the engine, its key and its deployments. Agents already on the engine keep running there; their calls no longer come back here.",
    action: "Delete engine", busy: "Deleting…", done: (n: string) => `Engine '${n}' deleted`,
  },
} as const;

/**
 * Rotating the webhook secret and deleting an engine both break something: each asks first. A
 * rotation whose answer carries a credential shown only then (Vapi's webhook secret) hands the
 * engine to `onRotated` once this dialog has closed, to show it.
 */
export function EngineConfirmDialog({ kind, engine, onClose, onRotated }: { kind: EngineConfirm; engine: EngineRecord; onClose: () => void; onRotated?: (engine: EngineRecord) => void }) {
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteEngine();
  const rotated = React.useRef<EngineRecord | null>(null);
  const copy = COPY[kind];
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={copy.title(engine.name)}
      description={copy.text(engine)}
      confirmLabel={copy.action}
      pendingLabel={copy.busy}
      destructive={kind === "delete"}
      onConfirm={async () => {
        if (kind === "rotate") {
          const res = await rotate.mutateAsync(engine.engine_id);
          if (res.webhook_secret) rotated.current = res;
        } else await remove.mutateAsync(engine.engine_id);
        toast.success(copy.done(engine.name));
      }}
      onClosed={onRotated && ((ok) => { if (ok && rotated.current) onRotated(rotated.current); })}
    />
  );
}
