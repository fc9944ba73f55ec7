"use client";

import * as React from "react";
import { CheckCircle2, XCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { DialogFooter } from "@/components/ui/dialog";
import { useCheckEngine, type EngineRecord } from "@/lib/engines/hooks";

/**
 * After a self-hosted engine is added: where its server posts each call's conversation and the
 * secret it signs with, shown this once (the API never shows the secret again), as the lines to
 * put in the server's environment; and the first connection check of the server and Twilio.
 */
export function PushSecretPanel({ engine, onDone }: { engine: EngineRecord; onDone: () => void }) {
  const check = useCheckEngine();
  const { mutate } = check;
  React.useEffect(() => mutate(engine.engine_id), [mutate, engine.engine_id]);
  const env = `VOXDESK_PUSH_URL=${engine.push_url ?? ""}\nVOXDESK_PUSH_SECRET=${engine.push_secret ?? ""}`;
  return (
    <div className="space-y-4" data-testid="push-secret-panel">
      <p className="text-sm">
        <strong>{engine.name}</strong> is added. Run <code>integrations/bolna-server</code> beside your Bolna server with these two
        lines in its environment: it signs each call&apos;s conversation with the secret. Copy it now: it is not shown again.
      </p>
      <div className="flex items-start gap-1">
        <pre className="min-w-0 flex-1 overflow-x-auto rounded bg-zinc-100 px-2 py-1.5 text-xs dark:bg-zinc-800" data-testid="push-env">{env}</pre>
        <CopyButton value={env} label="Copy the push URL and secret" />
      </div>
      <div role="status" aria-live="polite" className="text-sm">
        {check.isPending && <p className="text-zinc-500 dark:text-zinc-400">Checking the Bolna server and Twilio…</p>}
        {check.data && (
          <p className={`flex items-start gap-1.5 ${check.data.ok ? "text-emerald-700 dark:text-emerald-300" : "text-red-700 dark:text-red-300"}`} data-testid="engine-first-check">
            {check.data.ok ? <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" /> : <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />}
            {check.data.message}
          </p>
        )}
      </div>
      <DialogFooter>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </div>
  );
}
