"use client";

import * as React from "react";
import { streamTestChat, type ChatEvent } from "@/lib/agents/test-chat/client";

// The Test panel's conversation: what the operator said, what the agent answered (streamed), the
// tools it called, and any error. Each turn posts the whole conversation so far (the API is
// stateless); the welcome comes from a first turn with no messages.

export type ToolResult = Extract<ChatEvent, { type: "tool_result" }>;
export type ToolCallEntry = { kind: "tool"; id: string; name: string; args: Record<string, unknown>; result?: ToolResult };
export type Entry =
  | { kind: "welcome"; text: string }
  | { kind: "user"; text: string }
  | { kind: "assistant"; text: string; done: boolean }
  | ToolCallEntry
  | { kind: "error"; message: string };

type Message = { role: "user" | "assistant"; content: string };

/** The messages the API needs: user turns and finished assistant replies (the welcome is the agent's own, added by the server). */
export function toMessages(entries: readonly Entry[]): Message[] {
  const out: Message[] = [];
  for (const e of entries) {
    if (e.kind === "user") out.push({ role: "user", content: e.text });
    else if (e.kind === "assistant" && e.text) out.push({ role: "assistant", content: e.text });
  }
  return out;
}

/** Applies one streamed event to the conversation. */
export function applyEvent(entries: Entry[], ev: ChatEvent): Entry[] {
  switch (ev.type) {
    case "welcome":
      return ev.text ? [...entries, { kind: "welcome", text: ev.text }] : entries;
    case "text": {
      const last = entries.at(-1);
      if (last?.kind === "assistant" && !last.done) return [...entries.slice(0, -1), { ...last, text: last.text + ev.delta }];
      return [...entries, { kind: "assistant", text: ev.delta, done: false }];
    }
    case "tool_call":
      return [...closeReply(entries), { kind: "tool", id: ev.id, name: ev.name, args: ev.args }];
    case "tool_result":
      return entries.map((e) => (e.kind === "tool" && e.id === ev.id ? { ...e, result: ev } : e));
    case "error":
      return [...closeReply(entries), { kind: "error", message: ev.message }];
    case "done":
      return closeReply(entries);
  }
}

function closeReply(entries: Entry[]): Entry[] {
  const last = entries.at(-1);
  return last?.kind === "assistant" && !last.done ? [...entries.slice(0, -1), { ...last, done: true }] : entries;
}

export type TestChatOptions = { agentId: string; version?: number; variables: Record<string, string> };

export function useTestChat({ agentId, version, variables }: TestChatOptions) {
  const [entries, setEntries] = React.useState<Entry[]>([]);
  const [streaming, setStreaming] = React.useState(false);
  /** The last finished reply, announced once (not every token) to screen readers. */
  const [announce, setAnnounce] = React.useState("");
  const controller = React.useRef<AbortController | null>(null);
  const entriesRef = React.useRef(entries);
  // Read when a turn starts, so editing a variable does not restart the conversation.
  const variablesRef = React.useRef(variables);
  React.useEffect(() => {
    entriesRef.current = entries;
    variablesRef.current = variables;
  });

  const run = React.useCallback(async (messages: Message[], start: Entry[]) => {
    controller.current?.abort();
    const ac = new AbortController();
    controller.current = ac;
    setEntries(start);
    setStreaming(true);
    let reply = "";
    try {
      const filled = Object.fromEntries(Object.entries(variablesRef.current).filter(([, v]) => v.trim() !== ""));
      await streamTestChat(agentId, { version, variables: filled, messages }, (ev) => {
        if (ac.signal.aborted) return;
        if (ev.type === "done") reply = ev.reply;
        if (ev.type === "error") reply = `Error: ${ev.message}`;
        setEntries((cur) => applyEvent(cur, ev));
      }, ac.signal);
    } catch (err) {
      if (!ac.signal.aborted) {
        const message = err instanceof Error ? err.message : String(err);
        reply = `Error: ${message}`;
        setEntries((cur) => [...closeReply(cur), { kind: "error", message }]);
      }
    } finally {
      if (controller.current === ac) {
        controller.current = null;
        setStreaming(false);
        setEntries((cur) => closeReply(cur));
        if (reply) setAnnounce(reply);
      }
    }
  }, [agentId, version]);

  /** Starts over: a fresh conversation opening with the welcome. */
  const reset = React.useCallback(() => {
    setAnnounce("");
    void run([], []);
  }, [run]);

  const send = React.useCallback((text: string) => {
    const next: Entry[] = [...entriesRef.current, { kind: "user", text }];
    void run(toMessages(next), next);
  }, [run]);

  const stop = React.useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setStreaming(false);
    setEntries((cur) => closeReply(cur));
  }, []);

  React.useEffect(() => () => controller.current?.abort(), []);

  return { entries, streaming, announce, send, reset, stop };
}
