import * as React from "react";
import { StatusBadge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { formatDateTimeFull, formatDuration } from "@/lib/calls/format";
import type { CallRecord } from "@/lib/calls/hooks";
import { CallCost } from "./call-cost";
import { Direction } from "./direction";

function Row({ label, field, children, copy }: { label: string; field: string; children: React.ReactNode; copy?: string }) {
  return (
    <div className="grid grid-cols-[8.5rem_minmax(0,1fr)] items-start gap-3 py-2 sm:grid-cols-[10rem_minmax(0,1fr)]" data-field={field}>
      <dt className="pt-0.5 text-[13px] text-zinc-500 dark:text-zinc-400">
        {label}
        <span className="block font-mono text-[11px] text-zinc-500 dark:text-zinc-400">{field}</span>
      </dt>
      <dd className="flex min-w-0 items-start gap-1 text-sm text-zinc-900 dark:text-zinc-100">
        <span className="min-w-0 pt-0.5 break-all">{children}</span>
        {copy && <CopyButton value={copy} label={`Copy ${label.toLowerCase()}`} className="-mt-0.5 shrink-0" />}
      </dd>
    </div>
  );
}

const none = <span className="text-zinc-500 dark:text-zinc-400">—</span>;

/** Every field of the call record, named as in the API, with copy buttons for the ids. */
export function CallFields({ call }: { call: CallRecord }) {
  return (
    <dl className="divide-y divide-zinc-100 dark:divide-zinc-800">
      <Row label="Call ID" field="call_sid" copy={call.call_sid}><span className="font-mono text-[13px]">{call.call_sid}</span></Row>
      <Row label="Agent" field="name">{call.name || none}</Row>
      <Row label="Agent ID" field="agent_id" copy={call.agent_id}><span className="font-mono text-[13px]">{call.agent_id}</span></Row>
      <Row label="Account ID" field="account_id"><span className="font-mono text-[13px]">{call.account_id}</span></Row>
      <Row label="From" field="from_number">{call.from_number || none}</Row>
      <Row label="To" field="to_number">{call.to_number || none}</Row>
      <Row label="Direction" field="call_type"><Direction type={call.call_type} /></Row>
      <Row label="Status" field="status"><StatusBadge status={call.status} /></Row>
      <Row label="Duration" field="duration">
        <span className="tabular-nums">{formatDuration(call.duration)}</span>{" "}
        <span className="text-zinc-500 tabular-nums dark:text-zinc-400">({call.duration} s)</span>
      </Row>
      <Row label="Cost" field="cost"><CallCost call={call} detail /></Row>
      <Row label="Created" field="created_at">
        <time dateTime={call.created_at}>{formatDateTimeFull(call.created_at)}</time>
        <span className="block font-mono text-xs text-zinc-500 dark:text-zinc-400">{call.created_at}</span>
      </Row>
      <Row label="Recording URL" field="recording_url">
        {call.recording_url ? (
          <a href={call.recording_url} target="_blank" rel="noreferrer noopener" className="text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400">
            {call.recording_url}
          </a>
        ) : none}
      </Row>
      <Row label="Transcription" field="transcription">
        {call.transcription ? `${call.transcription.length.toLocaleString()} characters, shown above` : none}
      </Row>
    </dl>
  );
}
