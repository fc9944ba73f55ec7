"use client";

import * as React from "react";
import { Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useMe } from "@/lib/people/hooks/members";
import { atLeast, requiredRole } from "@/lib/people/roles";
import { AnalyzeCallsDialog } from "./analyze-calls-dialog";

/**
 * "Analyze these calls" on the call log: a bulk analysis run over the log's current filters.
 * Hidden from roles the server would refuse (one rule: requiredRole). The run id is
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
  const role = useMe().data?.role;
  const [open, setOpen] = React.useState(false);
  const [runId, setRunId] = React.useState<string | null>(null);
  if (role && !atLeast(role, requiredRole("POST", "/api/analysis-runs"))) return null;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} disabled={shown === 0} data-testid="analyze-calls">
        <Sparkles aria-hidden="true" />
        Analyze these calls
      </Button>
      {open && (
        <AnalyzeCallsDialog filters={filters} shown={shown} allLoaded={allLoaded} runId={runId} onRun={setRunId}
          onClose={(finished) => { if (finished) setRunId(null); setOpen(false); }} />
      )}
    </>
  );
}
