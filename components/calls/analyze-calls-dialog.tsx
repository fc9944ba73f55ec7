"use client";

import * as React from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Progress } from "@/components/ui/progress";
import { formatCount } from "@/lib/calls/format";
import { plural } from "@/lib/format/plural";
import { countWords } from "./analyze-count";
import { useAnalysisPreview, useAnalysisRun, useCancelAnalysisRun, useStartAnalysisRun, type AnalysisRun } from "@/lib/analysis/hooks";

interface Props {
  filters: Record<string, string>;
  shown: number;
  allLoaded: boolean;
  runId: string | null;
  onRun: (id: string) => void;
  /** `finished`: the run (if any) has ended, so the next open starts afresh. */
  onClose: (finished: boolean) => void;
}

const alertClass = "rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300";

/** Confirm with the count, start the run (202), then its progress with Cancel, then what came of it. */
export function AnalyzeCallsDialog({ filters, shown, allLoaded, runId, onRun, onClose }: Props) {
  const start = useStartAnalysisRun();
  // The exact number the run would analyse, by the run's own selection (the loaded rows alone are a floor past the last page).
  const preview = useAnalysisPreview(filters, !runId);
  const run = useAnalysisRun(runId);
  const cancel = useCancelAnalysisRun();
  const r = run.data;
  const finished = !runId || (r !== undefined && r.status !== "running");

  const body = !runId ? (
    <>
      <DialogHeader>
        <DialogTitle>Analyze these calls?</DialogTitle>
        <DialogDescription>
          <span data-testid="analyze-count" aria-live="polite">{countWords(shown, allLoaded, preview.data?.total)}</span> Each completed call
          with a transcript, whose agent has an analysis plan, is analysed by your default AI provider; the others are left as they are.
        </DialogDescription>
      </DialogHeader>
      {preview.data && (
        <p data-testid="analyze-provider" className="text-sm text-zinc-700 dark:text-zinc-300">
          Analysed with <span className="font-medium">{preview.data.provider.name}</span> (<span className="font-mono text-xs">{preview.data.provider.model}</span>),
          the account&apos;s default AI provider.
        </p>
      )}
      {preview.isError && !start.isError && <p role="alert" className={alertClass}>{preview.error.message}</p>}
      {start.isError && <p role="alert" className={alertClass}>{start.error.message}</p>}
      <DialogFooter>
        <Button variant="outline" onClick={() => onClose(true)} disabled={start.isPending} autoFocus>Cancel</Button>
        <Button onClick={() => start.mutate(filters, { onSuccess: (res) => onRun(res.run_id) })} disabled={start.isPending || preview.data?.total === 0}>
          {start.isPending ? "Starting…" : "Analyze"}
        </Button>
      </DialogFooter>
    </>
  ) : (
    <>
      <DialogHeader>
        <DialogTitle>{!r || r.status === "running" ? "Analysing calls" : r.status === "done" ? "Analysis finished" : "Analysis canceled"}</DialogTitle>
        <DialogDescription>{r?.status === "running" ? "This goes on if you close this window; open it again to see how far it got." : "The call log shows the new outcomes."}</DialogDescription>
      </DialogHeader>
      <RunProgress run={r} />
      {run.isError && <p role="alert" className={alertClass}>Could not read the progress: {run.error.message}</p>}
      {cancel.isError && <p role="alert" className={alertClass}>{cancel.error.message}</p>}
      <DialogFooter>
        {r?.status === "running" && (
          <Button variant="outline" onClick={() => cancel.mutate(r.run_id)} disabled={cancel.isPending}>{cancel.isPending ? "Canceling…" : "Cancel run"}</Button>
        )}
        <Button onClick={() => onClose(finished)} autoFocus>Close</Button>
      </DialogFooter>
    </>
  );
  return (
    // Mounted only while open (like the other dialogs); focus goes back to the opener (components/ui/focus-return.ts).
    <Dialog open onOpenChange={(o) => { if (!o && !start.isPending) onClose(finished); }}>
      <DialogContent className="max-w-md">{body}</DialogContent>
    </Dialog>
  );
}

/** done + failed of total as a bar, and the same in words (announced politely as it changes). */
function RunProgress({ run }: { run: AnalysisRun | undefined }) {
  if (!run) return <Progress value={null} label="Analysis progress" />;
  const ended = run.done + run.failed;
  let words: string;
  if (run.total === 0) words = "None of these calls can be analysed: none is a completed call with a transcript whose agent has an analysis plan.";
  else if (run.status === "running") words = `${formatCount(ended)} of ${formatCount(run.total)} analysed${run.failed ? ` (${formatCount(run.failed)} failed)` : ""}`;
  else if (run.status === "done") words = `Done: ${plural(run.done, "call")} analysed${run.failed ? `, ${formatCount(run.failed)} failed (the call sheet says why)` : ""}.`;
  else words = `Canceled after ${formatCount(ended)} of ${formatCount(run.total)}; the rest were not analysed.`;
  return (
    <div className="space-y-2" data-testid="analysis-run" data-status={run.status}>
      <Progress value={ended} max={Math.max(run.total, 1)} label="Analysis progress" />
      <p className="text-sm text-zinc-700 tabular-nums dark:text-zinc-300" role="status" aria-live="polite">{words}</p>
    </div>
  );
}
