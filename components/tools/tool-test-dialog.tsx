"use client";

import * as React from "react";
import { MethodBadge } from "@/components/docs/method-badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import type { ToolTestOutcome } from "@/lib/tools/hooks-mutations";
import { useTool, type ToolRecord } from "@/lib/tools/hooks";
import { ToolTestForm } from "./tool-test-form";
import { ToolTestHistory } from "./tool-test-history";
import { ToolTestResult, type ShownTest } from "./tool-test-result";

/** "Test": a form generated from the tool's parameters, the result of the run, earlier runs below. */
export function ToolTestDialog({ tool, onClose }: { tool: ToolRecord; onClose: () => void }) {
  const detail = useTool(tool.id);
  const [result, setResult] = React.useState<ShownTest | null>(null);
  // The detail read brings the history; the form waits for it so it can start from the last run's values.
  const ready = !detail.isPending;
  const current = detail.data ?? tool;
  const history = (detail.data?.tests ?? []).filter((t) => t.tested_at !== result?.tested_at);

  function show(outcome: ToolTestOutcome) {
    const d = outcome.data;
    setResult({
      test_status: d.test_status, http_status: d.http_status, message: outcome.message, request_url: d.request_url,
      request_method: d.request_method, test_params: d.test_params, response_data: d.response_data,
      tested_at: d.tested_at, duration_ms: d.duration_ms,
    });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>
            Test <span className="font-mono text-[13px]">{tool.name}</span>
          </DialogTitle>
          <DialogDescription asChild>
            <div className="flex min-w-0 items-center gap-2">
              <MethodBadge method={current.method.toLowerCase()} className="w-14" />
              <span className="truncate font-mono text-xs">{current.url}</span>
            </div>
          </DialogDescription>
        </DialogHeader>
        {ready ? (
          <ToolTestForm tool={current} previous={detail.data?.tests[0]?.test_params} onResult={show} />
        ) : (
          <div role="status" className="grid gap-4 sm:grid-cols-2" aria-busy="true" aria-label="Loading the tool">
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
            <Skeleton className="h-9 w-28" />
          </div>
        )}
        <div aria-live="polite" className="min-w-0">
          {result && <ToolTestResult test={result} tokenHint={current.api_token_hint} />}
        </div>
        <section aria-labelledby="tool-test-history" className="min-w-0 space-y-2">
          <h3 id="tool-test-history" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
            Earlier tests
          </h3>
          {detail.isError ? (
            <p className="text-sm text-red-600 dark:text-red-400">Could not load the history: {detail.error.message}</p>
          ) : ready ? (
            <ToolTestHistory tests={history} />
          ) : (
            <Skeleton className="h-24" />
          )}
        </section>
      </DialogContent>
    </Dialog>
  );
}
