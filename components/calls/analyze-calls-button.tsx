"use client";

import * as React from "react";
import { Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { RoleReason } from "@/components/ui/role-reason";
import { useCan } from "@/lib/people/hooks/use-can";
import { requiredRole } from "@/lib/people/roles";
import { AnalyzeCallsDialog } from "./analyze-calls-dialog";

/**
 * "Analyze these calls" on the call log: a bulk analysis run over the log's current filters.
 * Disabled, with the reason beside it, for roles the server would refuse (one rule: requiredRole). The run id is
 * kept while the page is open, so closing the dialog mid-run and opening it again shows the same
 * run's progress instead of starting another.
 */
export function AnalyzeCallsButton({ filters, shown, allLoaded }: {
  /** The API filters of the view (callLogQuery), sent as the run's body. */
  filters: Record<string, string>;
  /** Rows loaded so far, and whether that is all of them: the count the confirmation can vouch for. */
  shown: number;
  allLoaded: boolean;
}) {
  const can = useCan(requiredRole("POST", "/api/analysis-runs"));
  const [open, setOpen] = React.useState(false);
  const [runId, setRunId] = React.useState<string | null>(null);
  return (
    <>
      <span className="inline-flex flex-wrap items-center gap-2">
        <Button variant="outline" onClick={() => setOpen(true)} disabled={shown === 0 || !can.allowed} title={can.reason} data-testid="analyze-calls">
          <Sparkles aria-hidden="true" />
          Analyze these calls
        </Button>
        <RoleReason can={can} />
      </span>
      {open && (
        <AnalyzeCallsDialog filters={filters} shown={shown} allLoaded={allLoaded} runId={runId} onRun={setRunId}
          onClose={(finished) => { if (finished) setRunId(null); setOpen(false); }} />
      )}
    </>
  );
}
