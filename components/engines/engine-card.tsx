"use client";

import * as React from "react";
import { CheckCircle2, Link2, Pencil, PlugZap, RotateCw, Trash2, XCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { useCheckEngine, type EngineRecord } from "@/lib/engines/hooks";
import type { EngineConfirm } from "./engine-confirm-dialog";
import { useCan } from "@/lib/people/hooks/use-can";
import { formatDateTime } from "@/lib/format/date-time";
import { reachableFromInternet } from "@/lib/engines/webhook-reach";
import { CAPABILITIES, CAPABILITY_LABELS, providerInfo } from "@/lib/engines/providers";
import { LinkedAgents } from "./linked-agents";


function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[8rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

function NoNumber() {
  return <span className="text-zinc-500 dark:text-zinc-400">No number set: it cannot place calls until one is (Edit)</span>;
}

/** One engine: where it is, which key, where it posts calls back, and its actions. */
export function EngineCard({ engine, onConfirm, onEdit }: { engine: EngineRecord; onConfirm: (kind: EngineConfirm, engine: EngineRecord) => void; onEdit: (engine: EngineRecord) => void }) {
  const check = useCheckEngine();
  const can = useCan("admin");
  // Listing the vendor's agents is an editor's read (it links the new ones, like deploying).
  const canList = useCan("editor");
  const [linked, setLinked] = React.useState(false);
  const info = providerInfo(engine.provider);
  const result = check.data;
  const linkedId = `linked-agents-${engine.engine_id}`;
  return (
    <li className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900" aria-labelledby={`engine-${engine.engine_id}`}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={`engine-${engine.engine_id}`} className="truncate font-semibold text-zinc-900 dark:text-zinc-50">{engine.name}</h2>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">{info?.label ?? engine.provider} · added {formatDateTime(engine.created_at)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {info?.linksRemoteAgents && (
            <Button variant="outline" size="sm" onClick={() => setLinked((v) => !v)} disabled={!canList.allowed} title={canList.reason}
              aria-expanded={linked} aria-controls={linked ? linkedId : undefined}>
              <Link2 aria-hidden="true" />
              Linked agents
            </Button>
          )}
          <Button variant="outline" size="sm" onClick={() => check.mutate(engine.engine_id)} disabled={!can.allowed || check.isPending} title={can.reason}>
            <PlugZap aria-hidden="true" />
            {check.isPending ? "Checking…" : "Check connection"}
          </Button>
          <Button variant="outline" size="sm" onClick={() => onEdit(engine)} disabled={!can.allowed} title={can.reason} aria-label={`Edit ${engine.name}`}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <Button variant="outline" size="sm" onClick={() => onConfirm("rotate", engine)} disabled={!can.allowed} title={can.reason}>
            <RotateCw aria-hidden="true" />
            Rotate secret
          </Button>
          <Button variant="outline" size="sm" onClick={() => onConfirm("delete", engine)} disabled={!can.allowed} title={can.reason} className="text-red-600 dark:text-red-400">
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
      </div>
      <div role="status" aria-live="polite" data-testid="check-result">
        {result && (
          <p className={`mt-3 flex items-center gap-1.5 text-sm ${result.ok ? "text-emerald-700 dark:text-emerald-300" : "text-red-700 dark:text-red-300"}`}>
            {result.ok ? <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" /> : <XCircle aria-hidden="true" className="size-4 shrink-0" />}
            {result.message}
          </p>
        )}
        {check.error && <p className="mt-3 text-sm text-red-700 dark:text-red-300">Could not check: {check.error.message}</p>}
      </div>
      {linked && <LinkedAgents engine={engine} id={linkedId} />}
      <dl className="mt-3 space-y-2 text-sm">
        <Row label="Base URL"><span className="break-all font-mono text-[13px]">{engine.base_url}</span></Row>
        <Row label="API key"><span className="font-mono text-[13px]">{engine.api_key_hint || (engine.telephony ? "none" : "set")}</span></Row>
        {engine.telephony && (
          <Row label="Twilio">
            <span className="break-all font-mono text-[13px]">{engine.telephony.account_sid}</span> · from {engine.telephony.from_number} · token{" "}
            <span className="font-mono text-[13px]">{engine.telephony.auth_token_hint}</span>
          </Row>
        )}
        {engine.phone_number_id !== undefined && (
          <Row label="Calls from">
            {engine.phone_number_id ? <span className="break-all font-mono text-[13px]">{engine.phone_number_id}</span> : <NoNumber />}
          </Row>
        )}
        {engine.from_number !== undefined && (
          <Row label="Calls from">{engine.from_number ? <span className="font-mono text-[13px]">{engine.from_number}</span> : <NoNumber />}</Row>
        )}
        {engine.push_url && (
          <Row label="Push URL">
            <span className="flex items-start gap-1">
              <code className="min-w-0 break-all rounded bg-zinc-100 px-1.5 py-0.5 text-xs dark:bg-zinc-800" data-testid="push-url">{engine.push_url}</code>
              <CopyButton value={engine.push_url} label={`Copy the push URL of ${engine.name}`} className="-mt-1" />
            </span>
          </Row>
        )}
        <Row label="Can">
          <ul className="space-y-0.5" aria-label={`What ${engine.name} can do`} data-testid="engine-capabilities">
            {CAPABILITIES.map((c) => {
              const why = info?.can[c];
              return (
                <li key={c} className="flex items-start gap-1.5" data-capability={c} data-can={why === true}>
                  {why === true ? <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
                    : <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-zinc-400" />}
                  <span>{CAPABILITY_LABELS[c]}{why === true ? "" : <span className="text-zinc-500 dark:text-zinc-400">: no, {why ?? "unknown"}</span>}</span>
                </li>
              );
            })}
          </ul>
        </Row>
        <Row label="Webhook URL">
          {engine.webhook_url ? (
            <>
            <span className="flex items-start gap-1">
              <code className="min-w-0 break-all rounded bg-zinc-100 px-1.5 py-0.5 text-xs dark:bg-zinc-800" data-testid="webhook-url">{engine.webhook_url}</code>
              <CopyButton value={engine.webhook_url} label={`Copy the webhook URL of ${engine.name}`} className="-mt-1" />
            </span>
            <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{info?.webhookNote}</p>
            </>
          ) : null}
          {engine.webhook_url && !reachableFromInternet(engine.webhook_url) ? (
            <p className="mt-1 text-xs text-amber-800 dark:text-amber-300" data-testid="webhook-unreachable">
              This address is local or private: an engine on the internet cannot reach it. Set <code>PUBLIC_URL</code> to
              the public origin of this app (e.g. https://voxdesk.example.com), restart, and {info?.linksRemoteAgents ? `paste the new URL into ${info.label}'s dashboard` : "deploy again"}.
            </p>
          ) : null}
          {engine.webhook_url ? null : (
            // The server leaves it out for editors: it carries the secret that lets calls be posted in.
            <span className="text-zinc-500 dark:text-zinc-400">Shown to admins only; {info?.linksRemoteAgents ? `an admin pastes it into ${info.label}'s dashboard` : "deploying sets it on the engine"}</span>
          )}
        </Row>
      </dl>
    </li>
  );
}
