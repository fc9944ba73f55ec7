"use client";

import * as React from "react";
import { useWatch, type Control } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { bolnaReadiness, type ReadinessIssue } from "@/lib/engines/bolna/readiness";
import { AgentPayload } from "@/lib/schemas/agent";
import { serverPathToField, type AgentFormOutput, type AgentFormValues } from "./agent-form-values";

/** What Bolna would refuse or silently drop, field by field (same check the deploy runs). */
export function ReadinessList({ issues }: { issues: ReadinessIssue[] }) {
  if (issues.length === 0) {
    return (
      <p data-testid="bolna-readiness" data-ready="true" className="flex items-center gap-2 border-t border-zinc-200 px-4 py-2 text-sm dark:border-zinc-800">
        <Badge variant="success">Ready for Bolna</Badge>
        <span className="text-zinc-500 dark:text-zinc-400">Bolna&apos;s validator would accept this agent as is.</span>
      </p>
    );
  }
  return (
    <section data-testid="bolna-readiness" data-ready="false" aria-label="Bolna readiness" className="border-t border-zinc-200 px-4 py-2 text-sm dark:border-zinc-800">
      <p className="mb-1 font-medium">Not ready for Bolna</p>
      <ul className="flex flex-col gap-1.5">
        {issues.map((i) => (
          <li key={`${i.kind}:${i.path}`} className="flex flex-col gap-0.5">
            <span className="flex flex-wrap items-center gap-1.5">
              <Badge variant={i.kind === "refused" ? "destructive" : "warning"}>{i.kind === "refused" ? "Refused" : "Dropped"}</Badge>
              <code className="font-mono text-[12px] break-all text-zinc-700 dark:text-zinc-300">{i.path || "(agent)"}</code>
            </span>
            <span className="text-zinc-600 dark:text-zinc-400">{i.message}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Readiness issues keyed by form field path (`agent_config.tasks.0.…`), for hints beside fields. */
export const ReadinessContext = React.createContext<ReadonlyMap<string, ReadinessIssue>>(new Map());

export function ReadinessProvider({ control, children }: { control: Control<AgentFormValues, unknown, AgentFormOutput>; children: React.ReactNode }) {
  const values = React.useDeferredValue(useWatch({ control }));
  const byField = React.useMemo(() => {
    const parsed = AgentPayload.safeParse(values);
    const issues = bolnaReadiness(parsed.success ? parsed.data : values);
    return new Map(issues.map((i) => [serverPathToField(i.path), i]));
  }, [values]);
  return <ReadinessContext.Provider value={byField}>{children}</ReadinessContext.Provider>;
}

/** "Bolna would refuse: …" for the field at `name`, if the shared check names it. */
export function useReadinessHint(name: string): string | undefined {
  const issue = React.useContext(ReadinessContext).get(name);
  return issue && `Bolna would ${issue.kind === "refused" ? "refuse" : "drop"} this: ${issue.message}`;
}
