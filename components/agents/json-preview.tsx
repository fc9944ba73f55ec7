"use client";

import * as React from "react";
import { useWatch, type Control } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { bolnaReadiness } from "@/lib/engines/bolna/readiness";
import { AgentPayload } from "@/lib/schemas/agent";
import type { AgentFormOutput, AgentFormValues } from "./agent-form-values";
import { ReadinessList } from "./readiness-list";

/**
 * The exact request body: the schema's output for the current values (what Save sends), or the
 * raw values while something is invalid, so the operator sees what is wrong with it.
 */
export function JsonPreview({ control, method, path }: { control: Control<AgentFormValues, unknown, AgentFormOutput>; method: string; path: string }) {
  const values = useWatch({ control });
  // Typing stays responsive on long prompts: the preview may lag a frame behind.
  const deferred = React.useDeferredValue(values);
  const { text, issues, readiness } = React.useMemo(() => {
    const parsed = AgentPayload.safeParse(deferred);
    // The same check the deploy runs (lib/engines/bolna/readiness.ts), on what Save would send.
    const body = parsed.success ? parsed.data : deferred;
    return {
      text: JSON.stringify(body, null, 2),
      issues: parsed.success ? 0 : parsed.error.issues.length,
      readiness: bolnaReadiness(body),
    };
  }, [deferred]);

  return (
    <section aria-labelledby="json-preview-heading" className="flex min-h-0 flex-col rounded-lg border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900">
      <header className="flex items-center justify-between gap-2 border-b border-zinc-200 px-4 py-2.5 dark:border-zinc-800">
        <div className="flex min-w-0 items-center gap-2">
          <h2 id="json-preview-heading" className="text-sm font-semibold">JSON preview</h2>
          {issues === 0 ? (
            <Badge variant="success">Valid</Badge>
          ) : (
            <Badge variant="warning">{issues} {issues === 1 ? "problem" : "problems"}</Badge>
          )}
        </div>
        <CopyButton value={text} label="Copy JSON" showText variant="outline" />
      </header>
      <p className="border-b border-zinc-200 px-4 py-2 font-mono text-[12px] text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
        <span className="font-semibold text-indigo-600 dark:text-indigo-400">{method}</span> {path}
      </p>
      <pre
        data-testid="agent-json-preview"
        data-valid={issues === 0}
        tabIndex={0}
        aria-label="Request body"
        className="max-h-[28rem] min-h-0 flex-1 overflow-auto px-4 py-3 font-mono text-[12px] leading-relaxed text-zinc-800 xl:max-h-none dark:text-zinc-200"
      >
        {text}
      </pre>
      <ReadinessList issues={readiness} />
    </section>
  );
}
