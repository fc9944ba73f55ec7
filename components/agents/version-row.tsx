"use client";

import Link from "next/link";
import { Rocket, RotateCcw } from "lucide-react";
import { callLogHref } from "@/lib/calls/url-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/format/date-time";
import type { VersionSummary } from "@/lib/agents/versions/hooks";
import { figureTexts } from "./version-labels";
import { VersionNote } from "./version-note";

export type VersionRowProps = {
  agentId: string;
  v: VersionSummary;
  latest: boolean;
  /** Engines running exactly this version. */
  liveOn: string[];
  compared: boolean;
  onCompare: () => void;
  onRestore: () => void;
  onDeploy: () => void;
  canEdit: boolean;
  reason?: string;
};

const FIGURES = [
  ["calls", "Calls"], ["success_rate", "Success"], ["average_duration", "Avg. duration"], ["cost_per_call", "Cost / call"],
] as const;

/** One version in the History panel: who and when, its note, its figures, where it runs, and what can be done with it. */
export function VersionRow({ agentId, v, latest, liveOn, compared, onCompare, onRestore, onDeploy, canEdit, reason }: VersionRowProps) {
  const figures = figureTexts(v);
  const checkboxId = `compare-v${v.version}`;
  return (
    <li className="flex flex-col gap-2 py-3" data-testid="version-row" data-version={v.version}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <input id={checkboxId} type="checkbox" checked={compared} onChange={onCompare} className="size-4 accent-indigo-600" aria-label={`Compare v${v.version}`} />
        <label htmlFor={checkboxId} className="font-semibold tabular-nums">v{v.version}</label>
        {latest && <Badge variant="accent">Latest</Badge>}
        {liveOn.map((name) => <Badge key={name} variant="success">Live on {name}</Badge>)}
        <span className="text-xs text-zinc-500 dark:text-zinc-400">
          <time dateTime={v.created_at}>{formatDateTime(v.created_at)}</time> · {v.created_by ?? "before versions"}
        </span>
      </div>
      {v.tests && (
        <p className="text-xs" data-testid="version-tests">
          <Badge variant={v.tests.status === "passed" ? "success" : v.tests.status === "failed" ? "destructive" : "warning"}>
            {v.tests.status === "error" ? "Tests errored: " : "Tests "}passed {v.tests.passed} of {v.tests.total}
          </Badge>{" "}
          <span className="text-zinc-500 dark:text-zinc-400">last run <time dateTime={v.tests.finished_at}>{formatDateTime(v.tests.finished_at)}</time></span>
        </p>
      )}
      <VersionNote agentId={agentId} version={v.version} note={v.note} canEdit={canEdit} />
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:grid-cols-4">
        {FIGURES.map(([key, label]) => (
          <div key={key} className="flex justify-between gap-2 sm:flex-col sm:justify-start sm:gap-0">
            <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
            <dd className="font-medium tabular-nums">{figures[key]}</dd>
          </div>
        ))}
      </dl>
      {v.calls ? (
        <Link href={callLogHref({ agent_id: agentId, agent_version: v.version })} className="self-start text-xs text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300">
          {`See v${v.version}'s calls in the call log`}
        </Link>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {!latest && (
          <Button size="sm" variant="outline" onClick={onRestore} disabled={!canEdit} title={reason} aria-label={`Restore v${v.version}`}>
            <RotateCcw aria-hidden="true" />
            Restore
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={onDeploy} disabled={!canEdit} title={reason} aria-label={`Deploy v${v.version}`}>
          <Rocket aria-hidden="true" />
          Deploy this version
        </Button>
      </div>
    </li>
  );
}
