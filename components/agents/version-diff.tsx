"use client";

import { Badge } from "@/components/ui/badge";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import type { Change, LineChange } from "@/lib/agents/versions/diff";
import { useVersionDiff } from "@/lib/agents/versions/hooks";
import { cn } from "@/lib/utils";
import { valueText } from "./version-labels";

// Two versions side by side, one block per changed path (the API's changes). A long string (a
// prompt) reads as its text with the words that changed struck out or underlined in place, each
// run named in words for screen readers, so the change never rests on colour alone; without a word
// diff (the API gave up on two unrelated huge texts) it falls back to lines marked + / −.

const OP_WORDS = { add: "Added", remove: "Removed", replace: "Changed" } as const;
const OP_BADGE = { add: "success", remove: "destructive", replace: "warning" } as const;

const lineStyle: Record<LineChange["op"], string> = {
  "+": "bg-emerald-50 text-emerald-900 dark:bg-emerald-500/10 dark:text-emerald-200",
  "-": "bg-red-50 text-red-900 dark:bg-red-500/10 dark:text-red-200",
  " ": "text-zinc-700 dark:text-zinc-300",
};
const lineWords: Record<LineChange["op"], string> = { "+": "added", "-": "removed", " ": "unchanged" };
const lineMarker: Record<LineChange["op"], string> = { "+": "+", "-": "−", " ": " " };

function Lines({ lines, side }: { lines: LineChange[]; side: "before" | "after" }) {
  // Before shows unchanged and removed lines; after shows unchanged and added ones.
  const shown = lines.filter((l) => l.op === " " || (side === "before" ? l.op === "-" : l.op === "+"));
  return (
    <pre className="overflow-x-auto rounded-md border border-zinc-200 text-xs leading-5 dark:border-zinc-800">
      {shown.map((l, i) => (
        <div key={i} className={cn("flex", lineStyle[l.op])} data-op={l.op}>
          <span className="w-5 shrink-0 text-center select-none" aria-hidden="true">{lineMarker[l.op]}</span>
          <span className="sr-only">{lineWords[l.op]}: </span>
          <code className="pr-2 break-words whitespace-pre-wrap">{l.text || " "}</code>
        </div>
      ))}
    </pre>
  );
}

/** The new text with the removed words struck through and the added ones underlined, in reading order. */
function Words({ words }: { words: LineChange[] }) {
  return (
    <p className="rounded-md border border-zinc-200 px-2 py-1 text-xs leading-5 break-words whitespace-pre-wrap dark:border-zinc-800" data-testid="word-diff">
      {words.map((w, i) => w.op === " " ? <span key={i}>{w.text}</span> : w.op === "-" ? (
        <del key={i} className={cn("decoration-2", lineStyle["-"])}><span className="sr-only">[removed: </span>{w.text}<span className="sr-only">]</span></del>
      ) : (
        <ins key={i} className={cn("underline decoration-2", lineStyle["+"])}><span className="sr-only">[added: </span>{w.text}<span className="sr-only">]</span></ins>
      ))}
    </p>
  );
}

function Value({ change, side }: { change: Change; side: "before" | "after" }) {
  const absent = side === "before" ? change.op === "add" : change.op === "remove";
  if (absent) return <p className="text-xs text-zinc-500 italic dark:text-zinc-400">Not set</p>;
  if (change.lines) return <Lines lines={change.lines} side={side} />;
  return (
    <pre className={cn("overflow-x-auto rounded-md border px-2 py-1 text-xs break-words whitespace-pre-wrap",
      side === "before" ? "border-red-200 bg-red-50/60 dark:border-red-500/30 dark:bg-red-500/5" : "border-emerald-200 bg-emerald-50/60 dark:border-emerald-500/30 dark:bg-emerald-500/5")}>
      <code>{valueText(change[side])}</code>
    </pre>
  );
}

function ChangeBlock({ change, from, to }: { change: Change; from: number; to: number }) {
  const title = (
    <p className="mb-2 flex flex-wrap items-center gap-2">
      <code className="text-xs font-medium break-all">{change.path}</code>
      <Badge variant={OP_BADGE[change.op]}>{OP_WORDS[change.op]}</Badge>
    </p>
  );
  if (change.words) {
    return (
      <li className="py-3" data-testid="version-change" data-path={change.path}>
        {title}
        <p className="mb-1 text-xs text-zinc-500 dark:text-zinc-400">v{from} → v{to}: removed words struck through, added ones underlined</p>
        <Words words={change.words} />
      </li>
    );
  }
  return (
    <li className="py-3" data-testid="version-change" data-path={change.path}>
      {title}
      <div className="grid gap-2 sm:grid-cols-2">
        <div className="min-w-0">
          <p className="mb-1 text-xs text-zinc-500 dark:text-zinc-400">v{from} (before)</p>
          <Value change={change} side="before" />
        </div>
        <div className="min-w-0">
          <p className="mb-1 text-xs text-zinc-500 dark:text-zinc-400">v{to} (after)</p>
          <Value change={change} side="after" />
        </div>
      </div>
    </li>
  );
}

export function VersionDiff({ agentId, from, to }: { agentId: string; from: number; to: number }) {
  const diff = useVersionDiff(agentId, { from, to });
  const heading = <h3 className="text-sm font-semibold">Changes from v{from} to v{to}</h3>;
  if (diff.isPending) {
    return (
      <section role="status" aria-busy="true" aria-label={`Loading changes from v${from} to v${to}`} className="flex flex-col gap-2">
        {heading}
        <Skeleton className="h-24 w-full" />
      </section>
    );
  }
  if (diff.isError) return <ErrorState title="Could not compare the versions" message={diff.error.message} onRetry={() => diff.refetch()} retrying={diff.isFetching} />;
  const { changes } = diff.data;
  return (
    <section aria-label={`Changes from v${from} to v${to}`} data-testid="version-diff">
      {heading}
      {changes.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-500 dark:text-zinc-400">The two versions have the same content.</p>
      ) : (
        <>
          <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
            {changes.length === 1 ? "1 field changed" : `${changes.length} fields changed`}.
          </p>
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {changes.map((c) => <ChangeBlock key={c.path} change={c} from={from} to={to} />)}
          </ul>
        </>
      )}
    </section>
  );
}
