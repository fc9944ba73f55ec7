"use client";

import * as React from "react";
import { FlaskConical, Pencil, Play, Trash2 } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useAgentTests, useDeleteAgentTest, useRunAgentTests, useTestRuns, type AgentTest } from "@/lib/agents/tests/hooks";
import { useCan } from "@/lib/people/hooks/use-can";
import { cn, focusRing } from "@/lib/utils";
import { EditTestDialog } from "./edit-test-dialog";
import { PastRuns } from "./past-runs";
import { RunResults } from "./run-results";

function expectWords(t: AgentTest): string {
  return t.expect.map((e) => {
    switch (e.type) {
      case "tool_called": return `calls ${e.tool}${e.args ? ` with ${JSON.stringify(e.args)}` : ""}`;
      case "reply_contains": return `says "${e.text}"`;
      case "reply_matches": return `matches /${e.pattern}/`;
      case "judge": return `judged: ${e.criteria}`;
    }
  }).join(" · ");
}

export type TestsTabProps = {
  agentId: string;
  version?: number;
  /** The chosen version's {variables} and tools, offered when a case is edited. */
  variableNames: readonly string[];
  toolIds: readonly string[];
};

/** The agent's test cases, editing or deleting one, and running them all against the chosen version. */
export function TestsTab({ agentId, version, variableNames, toolIds }: TestsTabProps) {
  const tests = useAgentTests(agentId);
  const runs = useTestRuns(agentId);
  const start = useRunAgentTests(agentId);
  const remove = useDeleteAgentTest(agentId);
  const can = useCan("editor");
  const [runId, setRunId] = React.useState<string | null>(null);
  const [toDelete, setToDelete] = React.useState<AgentTest | null>(null);
  const [toEdit, setToEdit] = React.useState<AgentTest | null>(null);
  const runsTitle = React.useId();
  // Until a run is started here, the newest run is shown.
  const shown = runId ?? runs.data?.[0]?.run_id ?? null;
  const count = tests.data?.length ?? 0;

  async function runAll() {
    try {
      const res = await start.mutateAsync(version);
      setRunId(res.run_id);
    } catch (err) {
      toast.error("Tests not started", { description: err instanceof Error ? err.message : String(err) });
    }
  }

  let list: React.ReactNode;
  if (tests.isPending) {
    list = <div role="status" aria-busy="true" aria-label="Loading test cases" className="flex flex-col gap-2">{[0, 1].map((i) => <Skeleton key={i} className="h-12 w-full" />)}</div>;
  } else if (tests.isError) {
    list = <ErrorState title="Could not load the test cases" message={tests.error.message} onRetry={() => tests.refetch()} retrying={tests.isFetching} />;
  } else if (count === 0) {
    list = <EmptyState icon={FlaskConical} title="No test cases yet" text="Chat with the agent, then choose Save as test case." />;
  } else {
    list = (
      <ul aria-label="Test cases" className="divide-y divide-zinc-100 rounded-md border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {tests.data.map((t) => (
          <li key={t.test_id} data-testid="test-case" className="flex items-start gap-2 p-3 text-sm">
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words">{t.name}</p>
              <p className="text-xs break-words text-zinc-500 dark:text-zinc-400">
                {t.turns.length === 1 ? "1 message" : `${t.turns.length} messages`} · {expectWords(t)}
              </p>
            </div>
            <Button size="icon" variant="ghost" aria-label={`Edit test case ${t.name}`} disabled={!can.allowed} title={can.reason} onClick={() => setToEdit(t)}>
              <Pencil aria-hidden="true" />
            </Button>
            <Button size="icon" variant="ghost" aria-label={`Delete test case ${t.name}`} disabled={!can.allowed} title={can.reason} onClick={() => setToDelete(t)}>
              <Trash2 aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    // The Run button stays at the top; the cases, past runs and results scroll beneath it.
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        <Button onClick={runAll} disabled={count === 0 || start.isPending || !can.allowed} title={count === 0 ? "Save a test case first" : can.reason}>
          <Play aria-hidden="true" />
          {start.isPending ? "Starting…" : version === undefined ? "Run tests on the latest version" : `Run tests on v${version}`}
        </Button>
      </div>
      {/* Focusable so the keyboard can scroll it (results have text only). */}
      <div role="region" aria-label="Test cases and runs" tabIndex={0} className={cn("flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto overscroll-contain rounded-md", focusRing)}>
        {list}
        {runs.data && runs.data.length > 0 && (
          <section aria-labelledby={runsTitle} className="flex flex-col gap-1">
            <h3 id={runsTitle} className="text-sm font-medium">Runs</h3>
            <PastRuns runs={runs.data} shown={shown} onPick={setRunId} />
          </section>
        )}
        {shown && (
          <div className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
            <RunResults key={shown} agentId={agentId} runId={shown} />
          </div>
        )}
      </div>
      {toEdit && (
        <EditTestDialog key={toEdit.test_id} agentId={agentId} test={toEdit} variableNames={variableNames} toolIds={toolIds} onClose={() => setToEdit(null)} />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => !o && setToDelete(null)}
        title={`Delete test case "${toDelete?.name ?? ""}"?`}
        description="Past runs keep their results; the test is not run again."
        confirmLabel="Delete"
        onConfirm={async () => {
          await remove.mutateAsync(toDelete!.test_id);
          toast.success("Test case deleted");
        }}
      />
    </div>
  );
}
