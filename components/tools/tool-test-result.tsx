"use client";

import type { ToolTestRecord } from "@/lib/tools/hooks";
import { formatDateTime } from "@/lib/format/date-time";
import { usesQuery, type ToolMethod } from "@/lib/outbound/request-shape";
import { JsonBlock } from "./json-block";
import { TestStatusBadge } from "./test-status-badge";

export type ShownTest = Omit<ToolTestRecord, "id">;

/** A non-JSON answer arrives as {"raw": "<text>"}; show the text itself. */
function responseView(data: Record<string, unknown>): unknown {
  const keys = Object.keys(data);
  return keys.length === 1 && keys[0] === "raw" && typeof data.raw === "string" ? data.raw : data;
}

export function TestSummary({ test }: { test: ShownTest }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm tabular-nums">
      <TestStatusBadge status={test.test_status} />
      {test.http_status !== null && <span className="font-medium text-zinc-900 dark:text-zinc-100">HTTP {test.http_status}</span>}
      <span className="text-zinc-500 dark:text-zinc-400">{Math.round(test.duration_ms)} ms</span>
    </div>
  );
}

/** What was sent: method and URL (with the query for GET/DELETE), the masked token, the JSON body. */
export function RequestSent({ test, tokenHint }: { test: ShownTest; tokenHint?: string | null }) {
  const method = test.request_method as ToolMethod;
  const hasBody = !usesQuery(method);
  return (
    <div className="min-w-0 space-y-2">
      <span className="text-xs font-medium text-zinc-500 dark:text-zinc-400">Request</span>
      <div className="rounded-md bg-zinc-50 p-3 font-mono text-xs leading-relaxed ring-1 ring-zinc-200 ring-inset dark:bg-zinc-950 dark:ring-zinc-800">
        <p className="break-all">
          <span className="font-semibold text-zinc-900 dark:text-zinc-100">{method}</span>{" "}
          <span className="text-zinc-700 dark:text-zinc-300">{test.request_url}</span>
        </p>
        {tokenHint && <p className="text-zinc-500 dark:text-zinc-400">Authorization: Bearer {tokenHint}</p>}
        {hasBody && <p className="text-zinc-500 dark:text-zinc-400">Content-Type: application/json</p>}
      </div>
      {hasBody && <JsonBlock label="Request body" value={test.test_params} />}
    </div>
  );
}

/** The outcome of a run: status, HTTP status, time, what was sent and what came back. */
export function ToolTestResult({ test, tokenHint }: { test: ShownTest; tokenHint: string | null }) {
  const failed = test.http_status === null;
  return (
    <section aria-label="Test result" className="space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <TestSummary test={test} />
        <time dateTime={test.tested_at} className="text-xs text-zinc-500 dark:text-zinc-400">
          {formatDateTime(test.tested_at)}
        </time>
      </div>
      <p className={failed ? "text-sm text-red-700 dark:text-red-300" : "text-sm text-zinc-600 dark:text-zinc-400"}>{test.message}</p>
      <RequestSent test={test} tokenHint={tokenHint} />
      {test.response_data !== null ? (
        <JsonBlock label="Response body" value={responseView(test.response_data)} />
      ) : (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">No response body.</p>
      )}
    </section>
  );
}
