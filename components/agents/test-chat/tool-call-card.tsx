"use client";

import { Loader2, Wrench } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn, focusRing } from "@/lib/utils";
import type { ToolCallEntry } from "./use-test-chat";

function pretty(value: unknown): string {
  if (value === undefined || value === null || value === "") return "(none)";
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

function Block({ label, children }: { label: string; children: string }) {
  return (
    <div className="min-w-0">
      <p className="text-xs font-medium text-zinc-500 dark:text-zinc-400">{label}</p>
      {/* Focusable: a long body scrolls, and the keyboard must reach it. */}
      <pre tabIndex={0} className={cn(focusRing, "mt-0.5 max-h-48 overflow-auto rounded bg-zinc-50 p-2 text-xs break-all whitespace-pre-wrap dark:bg-zinc-950")}>{children}</pre>
    </div>
  );
}

/** A tool the agent called during the test chat: what was sent (the token is never in it) and what came back. */
export function ToolCallCard({ call }: { call: ToolCallEntry }) {
  const r = call.result;
  return (
    <article
      aria-label={`Tool call ${call.name}`}
      data-testid="tool-call-card"
      className="rounded-md border border-zinc-200 bg-white p-3 text-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <header className="flex flex-wrap items-center gap-2">
        <Wrench aria-hidden="true" className="size-4 text-zinc-500" />
        <span className="font-medium break-all">{call.name}</span>
        {!r ? (
          <span className="inline-flex items-center gap-1 text-xs text-zinc-500 dark:text-zinc-400">
            <Loader2 aria-hidden="true" className="size-3 motion-safe:animate-spin" />
            Calling…
          </span>
        ) : (
          <>
            <Badge variant={r.ok ? "success" : "destructive"}>{r.http_status === null ? "No response" : `HTTP ${r.http_status}`}</Badge>
            <span className="text-xs tabular-nums text-zinc-500 dark:text-zinc-400">{r.duration_ms} ms</span>
          </>
        )}
      </header>
      <div className="mt-2 grid gap-2">
        {r ? (
          <>
            <Block label="Request">{`${r.request.method} ${r.request.url}\n${pretty(r.request.body)}`}</Block>
            <Block label="Response">{pretty(r.response)}</Block>
          </>
        ) : (
          <Block label="Arguments">{pretty(call.args)}</Block>
        )}
      </div>
    </article>
  );
}
