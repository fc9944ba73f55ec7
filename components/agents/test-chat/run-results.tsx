"use client";

import { CheckCircle2, Loader2, XCircle } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { ErrorState } from "@/components/ui/error-state";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { useTestRun, type TestResult, type TestRun } from "@/lib/agents/tests/hooks";

export const STATUS_WORDS: Record<TestRun["status"], string> = { running: "Running", passed: "Passed", failed: "Failed", error: "Error" };
export const STATUS_BADGE = { running: "accent", passed: "success", failed: "destructive", error: "warning" } as const;

function ResultIcon({ r }: { r: TestResult }) {
  if (r.passed === null) return <Loader2 aria-hidden="true" className="size-4 text-zinc-400 motion-safe:animate-spin" />;
  return r.passed
    ? <CheckCircle2 aria-hidden="true" className="size-4 text-emerald-600 dark:text-emerald-400" />
    : <XCircle aria-hidden="true" className="size-4 text-red-600 dark:text-red-400" />;
}

function resultWord(r: TestResult): string {
  if (r.passed === null) return r.state === "running" ? "running" : "queued";
  if (r.errored) return "error";
  return r.passed ? "passed" : "failed";
}

function Transcript({ r }: { r: TestResult }) {
  return (
    <details className="mt-1">
      <summary className="cursor-pointer text-xs text-indigo-700 hover:underline dark:text-indigo-300">Transcript of {r.name}</summary>
      <ol className="mt-2 space-y-1.5 text-xs">
        {r.transcript.map((t, i) => (
          <li key={i} className="break-words whitespace-pre-wrap">
            <span className="font-medium capitalize">{t.role === "tool" && t.tool ? `Tool ${t.tool.name}` : t.role}:</span>{" "}
            {t.tool ? `${t.tool.http_status ?? "no response"} ${JSON.stringify(t.tool.response)}` : t.content}
          </li>
        ))}
        {r.transcript.length === 0 && <li className="text-zinc-500 dark:text-zinc-400">Nothing said yet.</li>}
      </ol>
    </details>
  );
}

/** One run: its progress while it runs, then each test passed or failed, with why and the conversation. */
export function RunResults({ agentId, runId }: { agentId: string; runId: string }) {
  const run = useTestRun(agentId, runId);
  if (run.isPending) return <div role="status" aria-busy="true" aria-label="Loading the run"><Skeleton className="h-24 w-full" /></div>;
  if (run.isError) return <ErrorState title="Could not load the run" message={run.error.message} onRetry={() => run.refetch()} retrying={run.isFetching} />;
  const r = run.data;
  return (
    <section aria-label={`Test run of v${r.version}`} data-testid="test-run" data-status={r.status} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant={STATUS_BADGE[r.status]}>{STATUS_WORDS[r.status]}</Badge>
        <span>v{r.version}</span>
        {/* Announced as it changes: "2 of 3 done" while running, then the outcome. */}
        <span role="status" className="tabular-nums text-zinc-600 dark:text-zinc-300">
          {r.status === "running" ? `${r.done} of ${r.total} done` : `Passed ${r.passed} of ${r.total}`}
        </span>
      </div>
      <Progress value={r.done} max={Math.max(r.total, 1)} label="Test run progress" />
      <ul aria-label="Test results" className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {r.results.map((t) => (
          <li key={t.test_id} data-testid="test-result" data-passed={t.passed === null ? "" : String(t.passed)} className="py-2 text-sm">
            <p className="flex items-center gap-2">
              <ResultIcon r={t} />
              <span className="min-w-0 flex-1 font-medium break-words">{t.name}</span>
              <span className="text-xs text-zinc-500 dark:text-zinc-400">{resultWord(t)}</span>
            </p>
            {t.failures.length > 0 && (
              <ul className="mt-1 list-disc pl-8 text-xs text-red-700 dark:text-red-300">
                {t.failures.map((f, i) => <li key={i} className="break-words">{f}</li>)}
              </ul>
            )}
            {t.state === "done" && <Transcript r={t} />}
          </li>
        ))}
      </ul>
    </section>
  );
}
