"use client";

import * as React from "react";
import { Search } from "lucide-react";
import { Input } from "@/components/ui/input";
import { countMatches, highlight, parseTranscript, type Turn } from "@/lib/calls/transcript";
import { cn } from "@/lib/utils";

function Highlighted({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlight(text, query).map((s, i) =>
        s.match ? (
          <mark key={i} className="rounded-sm bg-amber-200 px-0.5 text-zinc-900 dark:bg-amber-400/40 dark:text-amber-50">{s.text}</mark>
        ) : (
          <React.Fragment key={i}>{s.text}</React.Fragment>
        ),
      )}
    </>
  );
}

function TurnBubble({ turn, query, showSpeaker }: { turn: Turn; query: string; showSpeaker: boolean }) {
  const user = turn.role === "user";
  return (
    <li className={cn("flex flex-col gap-1", user ? "items-end" : "items-start", !showSpeaker && "-mt-1.5")} data-role={turn.role}>
      {/* A run of turns by one speaker is labelled once, as chat apps do. */}
      {turn.speaker && showSpeaker && <span className="px-1 text-[11px] font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{turn.speaker}</span>}
      <p
        className={cn(
          "max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-relaxed whitespace-pre-wrap break-words",
          user
            ? "rounded-tr-sm bg-indigo-600 text-white dark:bg-indigo-500 [&_mark]:bg-amber-300 [&_mark]:text-zinc-900"
            : "rounded-tl-sm bg-zinc-100 text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100",
        )}
      >
        <Highlighted text={turn.text} query={query} />
      </p>
    </li>
  );
}

/** The transcript as a conversation (one bubble per speaker turn) with an in-transcript search. */
export function TranscriptView({ text, initialQuery = "" }: { text: string; initialQuery?: string }) {
  const turns = React.useMemo(() => parseTranscript(text), [text]);
  const [query, setQuery] = React.useState(initialQuery);
  const matches = React.useMemo(() => countMatches(turns, query), [turns, query]);
  const listRef = React.useRef<HTMLOListElement>(null);
  const searchId = React.useId();

  // Bring the first match into view as the query changes (the list scrolls inside the sheet).
  React.useEffect(() => {
    if (query.trim()) listRef.current?.querySelector("mark")?.scrollIntoView({ block: "nearest" });
  }, [query]);

  if (!turns.length) return <p className="text-sm text-zinc-500 dark:text-zinc-400">No transcript for this call.</p>;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3">
        <label htmlFor={searchId} className="sr-only">Search the transcript</label>
        <div className="relative flex-1">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-zinc-400" />
          <Input id={searchId} type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Search the transcript" className="pl-8" />
        </div>
        <span role="status" className="shrink-0 text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
          {query.trim() ? `${matches} ${matches === 1 ? "match" : "matches"}` : `${turns.length} turns`}
        </span>
      </div>
      <ol ref={listRef} aria-label="Transcript" className="flex flex-col gap-3">
        {turns.map((t, i) => (
          <TurnBubble key={i} turn={t} query={query} showSpeaker={i === 0 || turns[i - 1].speaker !== t.speaker} />
        ))}
      </ol>
    </div>
  );
}
