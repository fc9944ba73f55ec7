"use client";

import * as React from "react";
import { CheckCircle2, XCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useCheckEngine, type EngineRecord } from "@/lib/engines/hooks";
import { providerInfo } from "@/lib/engines/providers";
import { reachableFromInternet } from "@/lib/engines/webhook-reach";

const code = "min-w-0 flex-1 break-all rounded bg-zinc-100 px-2 py-1.5 font-mono text-xs dark:bg-zinc-800";

/**
 * After a Vapi or Retell engine is added (or its webhook URL rotated): the webhook URL to paste into
 * the vendor's dashboard, what goes with it (Vapi: the Bearer credential's secret, shown this once;
 * Retell: the key with the webhook badge, in the engine's note), and the first connection check.
 */
export function VendorWebhookPanel({ engine, rotated = false, onDone }: { engine: EngineRecord; rotated?: boolean; onDone: () => void }) {
  const info = providerInfo(engine.provider);
  const label = info?.label ?? engine.provider;
  const check = useCheckEngine();
  const { mutate } = check;
  React.useEffect(() => mutate(engine.engine_id), [mutate, engine.engine_id]);
  const url = engine.webhook_url ?? "";
  return (
    <div className="space-y-4" data-testid="vendor-webhook-panel">
      <p className="text-sm">
        <strong>{engine.name}</strong> {rotated ? "has a new webhook URL: the old one no longer works." : "is added."} So that {label} reports
        each call here, set this webhook URL in {label}&apos;s dashboard.
      </p>
      <div className="space-y-1.5">
        <p className="text-sm font-medium">Webhook URL</p>
        <div className="flex items-start gap-1">
          <code className={code} data-testid="vendor-webhook-url">{url}</code>
          <CopyButton value={url} label="Copy the webhook URL" className="-mt-0.5" />
        </div>
        <p className="text-[13px] leading-snug text-zinc-500 dark:text-zinc-400">{info?.webhookNote}</p>
        {url && !reachableFromInternet(url) && (
          <p className="text-[13px] leading-snug text-amber-800 dark:text-amber-300" data-testid="webhook-unreachable">
            This address is local or private: {label} cannot reach it. Set <code>PUBLIC_URL</code> to the public origin of this
            app, restart, and use the webhook URL the engine then shows.
          </p>
        )}
      </div>
      {engine.webhook_secret && (
        <div className="space-y-1.5 rounded-md border border-amber-300 bg-amber-50 p-3 dark:border-amber-500/40 dark:bg-amber-500/10">
          <p className="text-sm font-medium">Webhook secret</p>
          <div className="flex items-start gap-1">
            <code className={`${code} bg-white dark:bg-zinc-900`} data-testid="vendor-webhook-secret">{engine.webhook_secret}</code>
            <CopyButton value={engine.webhook_secret} label="Copy the webhook secret" className="-mt-0.5" />
          </div>
          <p className="text-[13px] leading-snug text-amber-900 dark:text-amber-200">
            Set it as the Server URL&apos;s Bearer credential: in {label}, add a Bearer Token credential with this secret as its
            token and pick it beside the Server URL. Copy it now: it is not shown again (rotating the webhook URL makes a new one).
          </p>
        </div>
      )}
      <div role="status" aria-live="polite" className="text-sm">
        {check.isPending && <p className="text-zinc-500 dark:text-zinc-400">Checking the connection to {label}…</p>}
        {check.data && (
          <p className={`flex items-start gap-1.5 ${check.data.ok ? "text-emerald-700 dark:text-emerald-300" : "text-red-700 dark:text-red-300"}`} data-testid="engine-first-check">
            {check.data.ok ? <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" /> : <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />}
            <span className="min-w-0 break-words">{check.data.ok ? check.data.message : <>The connection check failed: {check.data.message} <span className="text-zinc-600 dark:text-zinc-400">(fix the key or base URL with Edit on the engine)</span></>}</span>
          </p>
        )}
        {check.error && <p className="text-red-700 dark:text-red-300">Could not check the connection: {check.error.message}</p>}
      </div>
      <DialogFooter>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </div>
  );
}

/** After rotating a Vapi engine's webhook URL: the new URL and secret, shown this once. */
export function RotatedWebhookDialog({ engine, onClose }: { engine: EngineRecord; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New webhook URL</DialogTitle>
          <DialogDescription>Paste the new URL and secret into {providerInfo(engine.provider)?.label ?? engine.provider}&apos;s dashboard: the old ones no longer work.</DialogDescription>
        </DialogHeader>
        <VendorWebhookPanel engine={engine} rotated onDone={onClose} />
      </DialogContent>
    </Dialog>
  );
}
