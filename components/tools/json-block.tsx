"use client";

import { CopyButton } from "@/components/ui/copy-button";
import { cn } from "@/lib/utils";

// A 1 MiB answer pretty-printed is a lot of DOM; beyond this the view is cut (copy gets it all).
const MAX_SHOWN = 100_000;

/** Pretty JSON (or plain text) in a scrollable block with a copy button. */
export function JsonBlock({ label, value, className }: { label: string; value: unknown; className?: string }) {
  const text = typeof value === "string" ? value : JSON.stringify(value, null, 2);
  const shown = text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}\n… (${text.length - MAX_SHOWN} more characters)` : text;
  return (
    <div className={cn("min-w-0", className)}>
      <div className="mb-1 flex items-center justify-between gap-2">
        <span className="text-xs font-medium text-zinc-500 dark:text-zinc-400">{label}</span>
        <CopyButton value={text} label={`Copy ${label.toLowerCase()}`} />
      </div>
      <pre
        aria-label={label}
        tabIndex={0}
        className="max-h-72 overflow-auto rounded-md bg-zinc-50 p-3 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap text-zinc-800 ring-1 ring-zinc-200 ring-inset dark:bg-zinc-950 dark:text-zinc-200 dark:ring-zinc-800"
      >
        {shown}
      </pre>
    </div>
  );
}
