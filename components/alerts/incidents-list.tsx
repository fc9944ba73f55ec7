"use client";

import * as React from "react";
import Link from "next/link";
import { BellRing } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingRows } from "@/components/ui/load-more";
import { useIncidents } from "@/lib/alerts/hooks";
import type { Incident } from "@/lib/alerts/schema";
import { callLogHref } from "@/lib/calls/url-state";
import { formatValue, METRIC_LABELS } from "./alert-format";

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** "+1 415 555 0199 · Front desk · 28 Nov 2026, 10:32": a call as a person names it; its id only when nothing else is known. */
const callWords = (c: Incident["calls"][number]) =>
  c.number || c.agent_name || c.created_at ? [c.number ?? "Unknown number", c.agent_name ?? c.agent_id ?? "Unknown agent", c.created_at ? when(c.created_at) : null].filter(Boolean).join(" · ") : c.call_sid;

function IncidentItem({ i }: { i: Incident }) {
  return (
    <li className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800" aria-label={`Incident: ${i.rule_name}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{i.rule_name}</span>
        <Badge variant={i.status === "open" ? "destructive" : "success"}>{i.status === "open" ? "Open" : "Resolved"}</Badge>
        <Badge variant={i.severity === "critical" ? "destructive" : "warning"}>{i.severity === "critical" ? "Critical" : "Warning"}</Badge>
      </div>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        {METRIC_LABELS[i.metric]} was {formatValue(i.metric, i.value)} · opened {when(i.opened_at)}
        {i.resolved_at && <> · resolved {when(i.resolved_at)}</>}
      </p>
      {i.calls.length > 0 ? (
        <div className="mt-2">
          <h3 className="text-xs font-medium text-zinc-600 dark:text-zinc-400">Calls that count toward it{i.calls.length >= 50 ? " (first 50)" : ""}</h3>
          <ul className="mt-1 space-y-1" aria-label={`Calls of the incident ${i.rule_name}`}>
            {i.calls.map((c) => (
              <li key={c.call_sid}>
                <Link href={callLogHref({ call: c.call_sid })} title={`Call ${c.call_sid}`}
                  className="text-sm text-indigo-700 underline-offset-2 hover:underline focus-visible:underline dark:text-indigo-300">
                  {callWords(c)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">No single call counts toward this metric (e.g. a drop in calls).</p>
      )}
    </li>
  );
}

/** Incidents, open or resolved, newest first, each with the calls that counted toward it (links to the call log's sheet). */
export function IncidentsList() {
  const [status, setStatus] = React.useState<"open" | "resolved">("open");
  const list = useIncidents(status);
  const incidents = list.data ?? [];
  return (
    <section aria-labelledby="incidents-heading" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="incidents-heading" className="text-lg font-semibold">Incidents</h2>
        <div role="group" aria-label="Incident status" className="flex gap-1">
          {(["open", "resolved"] as const).map((s) => (
            <Button key={s} size="sm" variant={status === s ? "secondary" : "ghost"} aria-pressed={status === s} onClick={() => setStatus(s)}>
              {s === "open" ? "Open" : "Resolved"}
            </Button>
          ))}
        </div>
      </div>
      <div className="mt-3">
        {list.isPending ? (
          <LoadingRows label="Loading incidents" rows={2} />
        ) : list.isError ? (
          <ErrorState message={list.error.message} onRetry={() => list.refetch()} retrying={list.isFetching} />
        ) : incidents.length === 0 ? (
          <EmptyState icon={BellRing} title={status === "open" ? "No open incidents" : "No resolved incidents"}
            text={status === "open" ? "Every rule's condition is clear right now." : "Incidents move here once their rule's condition stops holding."} />
        ) : (
          <ul className="space-y-3">{incidents.map((i) => <IncidentItem key={i.incident_id} i={i} />)}</ul>
        )}
      </div>
    </section>
  );
}
