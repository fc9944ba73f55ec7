"use client";

import * as React from "react";
import Link from "next/link";
import { RotateCw } from "lucide-react";
import { get, useFormContext, useFormState, useWatch } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { useActiveTools, type ToolSummary } from "@/lib/tools/hooks-active";
import { cn } from "@/lib/utils";
import { errorText, type AgentFormValues } from "./agent-form-values";

const FILTER_FROM = 8;

/** Server errors name tool ids; say which tool, in words, and what to do. */
function toolErrorText(message: string, label: string): string {
  return /unknown or inactive tool/i.test(message)
    ? `${label} is inactive or was deleted. Uncheck it, or reactivate it under Tools.`
    : `${label}: ${message}`;
}

/**
 * Multi-select of the account's active tools → `tools_config.api_tools.api_tool_ids`. Not a
 * Controller: one would write `api_tools: {}` into agents that have none, so an untouched agent
 * (a clone, an import) would not come out as it went in.
 */
export function TaskToolsField({ index }: { index: number }) {
  const name = `agent_config.tasks.${index}.tools_config.api_tools.api_tool_ids` as const;
  const { setValue, control } = useFormContext<AgentFormValues>();
  const value = useWatch<AgentFormValues, typeof name>({ name });
  const { errors, isSubmitted } = useFormState({ control, name });
  const tools = useActiveTools();
  const selected: string[] = Array.isArray(value) ? value : [];
  const labelId = React.useId();
  const errorId = `${labelId}-error`;

  // Errors arrive per position (`api_tool_ids.0`); turn them into per-tool messages.
  const tree = get(errors, name);
  const rowErrors = new Map<string, string>();
  if (Array.isArray(tree)) tree.forEach((e, j) => { const m = errorText(e); if (m && selected[j]) rowErrors.set(selected[j], m); });
  const nameOf = (id: string) => tools.data?.find((t) => t.id === id)?.name ?? `Tool ${id}`;
  const error = rowErrors.size
    ? [...rowErrors].map(([id, m]) => toolErrorText(m, nameOf(id))).join(" ")
    : errorText(tree);

  const toggle = (id: string, on: boolean) =>
    setValue(name, on ? [...selected, id] : selected.filter((s) => s !== id), {
      shouldDirty: true,
      // After a submit, re-check at once (this also clears a server error on the list).
      shouldValidate: isSubmitted,
    });
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={error ? errorId : undefined}
      data-invalid={error ? true : undefined}
      className="flex min-w-0 flex-col gap-2"
    >
      <div className="flex items-baseline justify-between gap-2">
        <span id={labelId} className="text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
          API tools
        </span>
        {selected.length > 0 && <span className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">{selected.length} attached</span>}
      </div>
      {error && (
        <p id={errorId} className="text-[13px] leading-snug text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <ToolChecklist selected={selected} onToggle={toggle} invalid={!!error} rowErrors={rowErrors} />
    </div>
  );
}

function ToolChecklist({ selected, onToggle, invalid, rowErrors }: {
  selected: string[];
  onToggle: (id: string, on: boolean) => void;
  invalid: boolean;
  rowErrors: Map<string, string>;
}) {
  const tools = useActiveTools();
  const [filter, setFilter] = React.useState("");

  if (tools.isPending) {
    return (
      <div role="status" className="space-y-2" aria-label="Loading tools">
        <Skeleton className="h-9" />
        <Skeleton className="h-9" />
      </div>
    );
  }
  if (tools.isError) {
    return (
      <div role="alert" className="flex items-center justify-between gap-2 rounded-md border border-red-200 px-3 py-2 text-sm text-red-700 dark:border-red-500/30 dark:text-red-300">
        Could not load tools: {tools.error.message}
        <Button variant="outline" size="sm" onClick={() => tools.refetch()}>
          <RotateCw aria-hidden="true" />
          Retry
        </Button>
      </div>
    );
  }

  const known = new Map(tools.data.map((t) => [t.id, t]));
  // Ids attached earlier whose tool is gone or inactive still show, so they can be removed.
  const missing = selected.filter((id) => !known.has(id));
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? tools.data.filter((t) => `${t.name} ${t.description}`.toLowerCase().includes(needle))
    : tools.data;

  if (tools.data.length === 0 && missing.length === 0) {
    return (
      <p className="rounded-md border border-dashed border-zinc-300 px-3 py-2 text-sm text-zinc-500 dark:border-zinc-700 dark:text-zinc-400">
        No active tools yet.{" "}
        <Link href="/tools" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
          Register a tool
        </Link>{" "}
        to let this task call your APIs.
      </p>
    );
  }


  return (
    <div
      className={cn(
        "overflow-hidden rounded-md border border-zinc-200 dark:border-zinc-800",
        invalid && "border-red-500 dark:border-red-500",
      )}
    >
      {tools.data.length >= FILTER_FROM && (
        <div className="border-b border-zinc-200 p-2 dark:border-zinc-800">
          <Input aria-label="Filter tools" placeholder="Filter tools…" value={filter} onChange={(e) => setFilter(e.target.value)} className="h-8" />
        </div>
      )}
      <ul className="max-h-64 divide-y divide-zinc-100 overflow-y-auto dark:divide-zinc-800">
        {missing.map((id) => (
          <ToolRow key={id} id={id} checked onToggle={onToggle} title={<span className="font-mono text-xs">{id}</span>}
            description="Unknown or inactive tool: uncheck to detach it" warn />
        ))}
        {shown.map((tool) => (
          <ToolRow key={tool.id} id={tool.id} checked={selected.includes(tool.id)} onToggle={onToggle}
            title={tool.name} meta={toolMeta(tool)} warn={rowErrors.has(tool.id)}
            description={rowErrors.has(tool.id) ? "Inactive or deleted since this page loaded" : tool.description} />
        ))}
        {shown.length === 0 && missing.length === 0 && <li className="px-3 py-2 text-sm text-zinc-500">No tool matches “{filter}”.</li>}
      </ul>
    </div>
  );
}

function toolMeta(tool: ToolSummary): string {
  try {
    return `${tool.method} ${new URL(tool.url).host}`;
  } catch {
    return tool.method;
  }
}

function ToolRow({ id, checked, onToggle, title, description, meta, warn = false }: {
  id: string; checked: boolean; onToggle: (id: string, on: boolean) => void;
  title: React.ReactNode; description: string; meta?: string; warn?: boolean;
}) {
  return (
    <li>
      <label className="flex cursor-pointer items-start gap-3 px-3 py-2 hover:bg-zinc-50 dark:hover:bg-zinc-800/50">
        <input
          type="checkbox"
          checked={checked}
          onChange={(e) => onToggle(id, e.target.checked)}
          className="mt-0.5 size-4 shrink-0 accent-indigo-600"
        />
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-2 text-sm font-medium text-zinc-900 dark:text-zinc-100">
            {title}
            {meta && <Badge variant="outline" className="font-mono text-[11px]">{meta}</Badge>}
          </span>
          <span className={cn("block truncate text-[13px] text-zinc-500 dark:text-zinc-400", warn && "text-amber-700 dark:text-amber-300")}>
            {description}
          </span>
        </span>
      </label>
    </li>
  );
}
