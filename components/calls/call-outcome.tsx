"use client";

import * as React from "react";
import Link from "next/link";
import { Loader2, RotateCw } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useReanalyze } from "@/lib/analysis/hooks";
import { callKeys, OUTCOME_POLL_MS, type CallRecord } from "@/lib/calls/hooks";
import { formatDateTime, formatDateTimeFull } from "@/lib/format/date-time";
import { useCan } from "@/lib/people/hooks/use-can";
import { FieldValue, OUTCOME_STATUS_LABELS, SentimentBadge, SuccessMark, type Outcome } from "./outcome-marks";
import { reanalyzeProblem } from "./reanalyze-problem";

const SOURCE_LABELS = { engine: "Engine", voxdesk: "Voxdesk analysis" } as const;
/** How long the sheet waits for a re-analysis to replace an outcome before it stops asking. */
const WATCH_MS = 120_000;

function Row({ label, field, children }: { label: string; field: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_minmax(0,1fr)] items-start gap-3 py-1.5 sm:grid-cols-[10rem_minmax(0,1fr)]" data-field={field}>
      <dt className="text-[13px] text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-zinc-900 dark:text-zinc-100">{children}</dd>
    </div>
  );
}

const none = <span className="text-zinc-500 dark:text-zinc-400">—</span>;

/**
 * What the call achieved: status, success and why, sentiment, disposition, the plan's
 * fields, where it came from (engine or Voxdesk's analysis, model, time), why the last analysis
 * failed, and "Re-analyze". A re-analysis keeps the old outcome on screen until the new one arrives.
 */
export function CallOutcome({ call }: { call: CallRecord }) {
  const outcome = call.outcome as Outcome | undefined;
  const reanalyze = useReanalyze(call.call_sid);
  const can = useCan("editor");
  const qc = useQueryClient();
  // The outcome as it was when "Re-analyze" was accepted: until it changes, the analysis is running.
  const [queued, setQueued] = React.useState<{ at: string | null; reason: string | null } | null>(null);
  const replaced = queued !== null && (queued.at !== (outcome?.analyzed_at ?? null) || queued.reason !== (outcome?.reason ?? null));
  const waiting = outcome?.status === "pending" || (queued !== null && !replaced);

  React.useEffect(() => {
    // A pending status is polled by useCall; an analyzed outcome being redone stays "analyzed", so ask here.
    if (!queued || replaced) return;
    const poll = setInterval(() => void qc.invalidateQueries({ queryKey: callKeys.detail(call.call_sid) }), OUTCOME_POLL_MS);
    const stop = setTimeout(() => setQueued(null), WATCH_MS);
    return () => { clearInterval(poll); clearTimeout(stop); };
  }, [queued, replaced, qc, call.call_sid]);

  const start = () => reanalyze.mutate(undefined, {
    onSuccess: () => setQueued({ at: outcome?.analyzed_at ?? null, reason: outcome?.reason ?? null }),
  });
  const problem = reanalyze.isError ? reanalyzeProblem(reanalyze.error) : null;
  const status = outcome?.status ?? "none";
  const fields = Object.entries(outcome?.fields ?? {});

  return (
    <div data-testid="call-outcome" data-outcome-status={status} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Badge variant={status === "analyzed" ? "success" : status === "failed" ? "warning" : "default"} data-field="outcome_status">
          {OUTCOME_STATUS_LABELS[status]}
        </Badge>
        <Button variant="outline" size="sm" onClick={start} disabled={reanalyze.isPending || waiting || !can.allowed} title={can.reason}>
          {reanalyze.isPending || waiting ? <Loader2 aria-hidden="true" className="motion-safe:animate-spin" /> : <RotateCw aria-hidden="true" />}
          {reanalyze.isPending ? "Queuing…" : waiting ? "Analyzing…" : status === "none" ? "Analyze" : "Re-analyze"}
        </Button>
      </div>
      <p role="status" className="text-[13px] text-zinc-600 empty:hidden dark:text-zinc-400">
        {waiting ? "Analysis queued: the outcome updates here when it is done." : status === "none" ? "Nobody has analysed this call yet." : ""}
      </p>
      {problem && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-200">
          {problem.message}{" "}
          {problem.kind === "provider" && <Link href="/settings/ai-providers" className="font-medium underline underline-offset-2">Open Settings → AI providers</Link>}
          {problem.kind === "plan" && <Link href={`/agents/${encodeURIComponent(call.agent_id)}#outcomes`} className="font-medium underline underline-offset-2">Open the agent&apos;s Outcomes</Link>}
        </div>
      )}
      {outcome?.reason && (
        <p data-field="reason" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100">
          {status === "analyzed" ? "The last re-analysis failed (the outcome below is the earlier one): " : "The analysis failed: "}
          {outcome.reason}
        </p>
      )}
      {outcome && status === "analyzed" && (
        <dl className="divide-y divide-zinc-100 dark:divide-zinc-800">
          <Row label="Success" field="success">
            <span className="inline-flex items-center gap-1.5">
              <SuccessMark outcome={outcome} />
              {outcome.success === null ? "Not judged" : outcome.success ? "Succeeded" : "Not succeeded"}
            </span>
            {outcome.success_reason && <span className="block text-[13px] text-zinc-600 dark:text-zinc-300" data-field="success_reason">{outcome.success_reason}</span>}
          </Row>
          <Row label="Sentiment" field="sentiment"><SentimentBadge sentiment={outcome.sentiment} /></Row>
          <Row label="Disposition" field="disposition">{outcome.disposition ?? none}</Row>
          {call.summary && (
            // The call's summary beside its other figures: Voxdesk's analysis writes one (the plan's
            // Summary on) only when the engine sent none, so it says whose it is.
            <Row label="Summary" field="summary">
              <span className="whitespace-pre-wrap">{call.summary}</span>
              <span className="block text-[13px] text-zinc-600 dark:text-zinc-300" data-field="summary_source">
                {call.summary_source === "voxdesk" ? "Written by Voxdesk analysis" : "From the engine"}
              </span>
            </Row>
          )}
          {fields.map(([name, value]) => (
            <Row key={name} label={name} field={`field:${name}`}><FieldValue value={value} /></Row>
          ))}
          <Row label="Source" field="source">{outcome.source ? SOURCE_LABELS[outcome.source] : none}</Row>
          <Row label="Model" field="model">{outcome.model ?? none}</Row>
          <Row label="Analysed" field="analyzed_at">
            {outcome.analyzed_at ? <time dateTime={outcome.analyzed_at} title={formatDateTimeFull(outcome.analyzed_at)}>{formatDateTime(outcome.analyzed_at)}</time> : none}
          </Row>
        </dl>
      )}
      {outcome && outcome.errors.length > 0 && (
        <div data-field="errors" className="text-[13px] text-amber-800 dark:text-amber-200">
          <p className="font-medium">Values that did not fit the plan (kept as sent in the extracted data):</p>
          <ul className="mt-1 list-disc pl-5">
            {outcome.errors.map((e, i) => <li key={`${e.field}-${i}`}><code className="font-mono text-[12px]">{e.field}</code>: {e.message}</li>)}
          </ul>
        </div>
      )}
    </div>
  );
}
