"use client";

import * as React from "react";
import { useWatch, type Control } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { DEFAULT_PROVIDER, providerInfo, type ProviderInfo, type ReadinessIssue } from "@/lib/engines/providers";
import { AgentPayload } from "@/lib/agents/schema";
import type { AgentFormOutput, AgentFormValues } from "./agent-form-values";

/**
 * The exact request body: the schema's output for the current values (what Save sends), or the
 * raw values while something is invalid, so the operator sees what is wrong with it.
 */
export function JsonPreview({ control, method, path, provider = DEFAULT_PROVIDER }: {
  control: Control<AgentFormValues, unknown, AgentFormOutput>; method: string; path: string;
  /** The kind of engine the agent is checked against (default: the first kind Voxdesk knows). */
  provider?: string;
}) {
  const values = useWatch({ control });
  const info = providerInfo(provider);
  // Typing stays responsive on long prompts: the preview may lag a frame behind.
  const deferred = React.useDeferredValue(values);
  const { text, issues, engine } = React.useMemo(() => {
    const parsed = AgentPayload.safeParse(deferred);
    return parsed.success
      ? { text: JSON.stringify(parsed.data, null, 2), issues: 0, engine: info?.readiness(parsed.data) ?? null }
      : { text: JSON.stringify(deferred, null, 2), issues: parsed.error.issues.length, engine: null };
  }, [deferred, info]);

  return (
    <section aria-labelledby="json-preview-heading" className="flex min-h-0 flex-col rounded-lg border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900">
      <header className="flex items-center justify-between gap-2 border-b border-zinc-200 px-4 py-2.5 dark:border-zinc-800">
        <div className="flex min-w-0 items-center gap-2">
          <h2 id="json-preview-heading" className="text-sm font-semibold">JSON preview</h2>
          <PreviewStatus issues={issues} engine={engine} label={info?.label} />
        </div>
        <CopyButton value={text} label="Copy JSON" showText variant="outline" />
      </header>
      <p className="border-b border-zinc-200 px-4 py-2 font-mono text-[12px] text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
        <span className="font-semibold text-indigo-600 dark:text-indigo-400">{method}</span> {path}
      </p>
      {engine && info && <EngineReadiness info={info} issues={engine} />}
      <pre
        data-testid="agent-json-preview"
        data-valid={issues === 0}
        tabIndex={0}
        aria-label="Request body"
        className="max-h-[28rem] min-h-0 flex-1 overflow-auto px-4 py-3 font-mono text-[12px] leading-relaxed text-zinc-800 xl:max-h-none dark:text-zinc-200"
      >
        {text}
      </pre>
    </section>
  );
}

/**
 * One verdict that names what it checked: the request body against Voxdesk's schema, then the
 * engine's own check. "Valid" alone never stands above what the engine would refuse.
 */
function PreviewStatus({ issues, engine, label }: { issues: number; engine: ReadinessIssue[] | null; label?: string }) {
  const status = (variant: "success" | "warning", text: string) => <Badge data-testid="agent-preview-status" variant={variant}>{text}</Badge>;
  if (issues > 0) return status("warning", `${issues} ${issues === 1 ? "problem" : "problems"}`);
  if (!engine || !label) return status("success", "Valid request");
  const refused = engine.filter((i) => i.kind === "refused").length;
  return refused ? status("warning", `${label} would refuse`) : status("success", `Valid for ${label}`);
}

/** The same check the deploy endpoint runs (the engine's ProviderInfo.readiness), field by field. */
function EngineReadiness({ info, issues }: { info: ProviderInfo; issues: ReadinessIssue[] }) {
  if (issues.length === 0) {
    return (
      <p data-testid="engine-readiness" className="border-b border-zinc-200 px-4 py-2 text-sm dark:border-zinc-800">
        <Badge variant="success">Ready for {info.label}</Badge>
      </p>
    );
  }
  return (
    <div data-testid="engine-readiness" className="border-b border-zinc-200 px-4 py-2 text-sm dark:border-zinc-800">
      <p className="font-medium">{info.label} would {issues.some((i) => i.kind === "refused") ? "refuse this agent" : "change this agent"}:</p>
      <ul className="mt-1 space-y-1">
        {issues.map((i) => (
          <li key={i.path} className="text-[13px]">
            <code className="[overflow-wrap:anywhere] font-mono text-[12px] text-zinc-700 dark:text-zinc-300">{i.path}</code>{" "}
            <span className={i.kind === "refused" ? "text-red-700 dark:text-red-300" : "text-amber-800 dark:text-amber-200"}>
              {i.kind === "refused" ? "refused" : "dropped"}: {i.message}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
