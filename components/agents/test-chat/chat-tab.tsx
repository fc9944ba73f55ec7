"use client";

import * as React from "react";
import { AlertTriangle, FlaskConical, RotateCcw, Send, Square } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useCan } from "@/lib/people/hooks/use-can";
import { cn, focusRing } from "@/lib/utils";
import { keepsFollowing } from "./follow";
import { SaveTestDialog } from "./save-test-dialog";
import { ToolCallCard } from "./tool-call-card";
import { useTestChat, type Entry } from "./use-test-chat";

export type ChatTabProps = {
  agentId: string;
  version?: number;
  variableNames: string[];
  /** The tested version's tools, offered when the conversation is saved as a test case. */
  toolIds: readonly string[];
};

function Bubble({ who, children, mine = false }: { who: string; children: React.ReactNode; mine?: boolean }) {
  return (
    <div className={cn("flex flex-col gap-0.5", mine ? "items-end" : "items-start")}>
      <span className="text-xs text-zinc-500 dark:text-zinc-400">{who}</span>
      <p className={cn(
        "max-w-[85%] rounded-lg px-3 py-2 text-sm break-words whitespace-pre-wrap",
        mine ? "bg-indigo-600 text-white dark:bg-indigo-500" : "bg-zinc-100 text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100",
      )}>
        {children}
      </p>
    </div>
  );
}

function EntryView({ entry }: { entry: Entry }) {
  switch (entry.kind) {
    case "welcome": return <Bubble who="Agent (welcome)">{entry.text}</Bubble>;
    case "user": return <Bubble who="You" mine>{entry.text}</Bubble>;
    case "assistant": return <Bubble who="Agent">{entry.text || "…"}</Bubble>;
    case "tool": return <ToolCallCard call={entry} />;
    case "error":
      return (
        <p data-testid="chat-error" className="flex gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-200">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{entry.message}</span>
        </p>
      );
  }
}

/** The test chat for editors and above (a turn may call the agent's tools for real, like a tool test). */
export function ChatTab(props: ChatTabProps) {
  const can = useCan("editor");
  if (!can.allowed) return <p role="note" className="shrink-0 text-sm text-zinc-600 dark:text-zinc-300">{can.reason}. The test cases and their runs can still be read.</p>;
  return <Chat {...props} />;
}

/** The conversation (welcome first, replies streamed, tool calls as cards), its variables and the message box. */
function Chat({ agentId, version, variableNames, toolIds }: ChatTabProps) {
  const [values, setValues] = React.useState<Record<string, string>>(() => Object.fromEntries(variableNames.map((v) => [v, ""])));
  // The chat reads variables when a turn starts; editing them applies from the next message (or Reset).
  const chat = useTestChat({ agentId, version, variables: values });
  const [draft, setDraft] = React.useState("");
  const [saving, setSaving] = React.useState(false);
  const log = React.useRef<HTMLDivElement>(null);
  const content = React.useRef<HTMLDivElement>(null);
  // Follow the newest message as replies stream, unless the user scrolled up to read (sending follows again).
  const follow = React.useRef(true);
  const lastTop = React.useRef(0);
  const { reset } = chat;

  // A new version starts a new conversation, opening with that version's welcome.
  React.useEffect(() => { follow.current = true; reset(); }, [reset]);
  // Sizes, not entries: a tool card grows when its result comes, and the box shrinks when the page does
  // (a phone's keyboard); either moves the bottom without a new entry.
  React.useEffect(() => {
    const box = log.current;
    if (!box || !content.current) return;
    const observer = new ResizeObserver(() => {
      if (follow.current) box.scrollTop = box.scrollHeight;
    });
    observer.observe(box);
    observer.observe(content.current);
    return () => observer.disconnect();
  }, []);

  function onScroll() {
    const box = log.current;
    if (!box) return;
    follow.current = keepsFollowing(follow.current, lastTop.current, box);
    lastTop.current = box.scrollTop;
  }

  function submit(e?: React.FormEvent) {
    e?.preventDefault();
    const text = draft.trim();
    if (!text || chat.streaming) return;
    follow.current = true;
    chat.send(text);
    setDraft("");
  }

  const hasTurns = chat.entries.some((e) => e.kind === "user");
  return (
    // The sheet's height is split: variables on top, the conversation scrolls, the composer stays at the bottom.
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      {variableNames.length > 0 && (
        // Many variables scroll on their own rather than push the conversation out of view.
        <fieldset className="grid max-h-[30dvh] shrink-0 gap-3 overflow-y-auto sm:grid-cols-2">
          <legend className="mb-1 text-sm font-medium">Prompt variables</legend>
          {variableNames.map((name) => (
            <Field key={name} label={<code className="text-[13px]">{`{${name}}`}</code>}>
              <Input autoComplete="off" value={values[name] ?? ""} onChange={(e) => setValues((s) => ({ ...s, [name]: e.target.value }))} />
            </Field>
          ))}
        </fieldset>
      )}
      <div
        ref={log}
        role="log"
        // A log is polite by default: it would read every streamed piece. The finished reply is announced below instead.
        aria-live="off"
        aria-label="Test conversation"
        data-testid="test-conversation"
        // Focusable so the keyboard can scroll it.
        tabIndex={0}
        onScroll={onScroll}
        className={cn("flex min-h-24 flex-1 flex-col overflow-y-auto overscroll-contain rounded-md border border-zinc-200 p-3 dark:border-zinc-800", focusRing)}
      >
        <div ref={content} className="flex flex-1 flex-col gap-3">
          {chat.entries.length === 0 && !chat.streaming && (
            <p className="m-auto text-sm text-zinc-500 dark:text-zinc-400">No welcome message. Write to the agent below.</p>
          )}
          {chat.entries.map((e, i) => <EntryView key={i} entry={e} />)}
          {chat.streaming && chat.entries.at(-1)?.kind !== "assistant" && (
            <p className="text-xs text-zinc-500 dark:text-zinc-400">Agent is answering…</p>
          )}
        </div>
      </div>
      {/* The finished reply (or the error) is announced once. */}
      <p aria-live="polite" className="sr-only">{chat.announce}</p>
      <form onSubmit={submit} className="flex shrink-0 flex-col gap-2" aria-label="Message the agent">
        <Field label="Message" hint="Enter sends; Shift+Enter starts a new line.">
          <Textarea
            rows={2}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                submit();
              }
            }}
          />
        </Field>
        <div className="flex flex-wrap gap-2">
          {chat.streaming ? (
            <Button type="button" variant="outline" onClick={chat.stop}>
              <Square aria-hidden="true" />
              Stop
            </Button>
          ) : (
            <Button type="submit" disabled={!draft.trim()}>
              <Send aria-hidden="true" />
              Send
            </Button>
          )}
          <Button type="button" variant="outline" onClick={() => chat.reset()}>
            <RotateCcw aria-hidden="true" />
            Reset
          </Button>
          <Button
            type="button"
            variant="outline"
            className="sm:ml-auto"
            disabled={!hasTurns || chat.streaming}
            title={!hasTurns ? "Send a message first" : undefined}
            onClick={() => setSaving(true)}
          >
            <FlaskConical aria-hidden="true" />
            Save as test case
          </Button>
        </div>
      </form>
      {saving && <SaveTestDialog agentId={agentId} entries={chat.entries} variables={values} toolIds={toolIds} onClose={() => setSaving(false)} />}
    </div>
  );
}
