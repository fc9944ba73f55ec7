import { describe, expect, it } from "vitest";
import type { ChatEvent } from "@/lib/agents/test-chat/client";
import { applyEvent, toMessages, type Entry } from "./use-test-chat";

const play = (events: ChatEvent[], start: Entry[] = []) => events.reduce(applyEvent, start);

describe("test chat conversation state", () => {
  it("joins streamed pieces into one reply and closes it on done", () => {
    const entries = play([
      { type: "welcome", text: "Hello Ada" },
      { type: "text", delta: "Your slot " },
      { type: "text", delta: "is at 10." },
      { type: "done", version: 2, reply: "Your slot is at 10." },
    ], [{ kind: "user", text: "When?" }]);
    expect(entries).toEqual([
      { kind: "user", text: "When?" },
      { kind: "welcome", text: "Hello Ada" },
      { kind: "assistant", text: "Your slot is at 10.", done: true },
    ]);
  });

  it("puts a tool call between two replies and attaches its result to it", () => {
    const result = { type: "tool_result", id: "c1", name: "book", ok: true, http_status: 200, duration_ms: 12,
      request: { method: "POST", url: "http://127.0.0.1:1/book", body: { day: "mon" } }, response: { ok: 1 } } as const;
    const entries = play([
      { type: "text", delta: "Checking." },
      { type: "tool_call", id: "c1", tool_id: "t1", name: "book", args: { day: "mon" } },
      result,
      { type: "text", delta: "Booked." },
      { type: "done", version: 1, reply: "Checking.Booked." },
    ]);
    expect(entries.map((e) => e.kind)).toEqual(["assistant", "tool", "assistant"]);
    expect(entries[1]).toMatchObject({ kind: "tool", name: "book", result });
    expect(entries[2]).toEqual({ kind: "assistant", text: "Booked.", done: true });
  });

  it("shows an error after a partial reply, and the API gets only user turns and replies (no welcome, tools or errors)", () => {
    const entries = play([
      { type: "welcome", text: "Hi" },
      { type: "text", delta: "Let me" },
      { type: "error", message: "The AI provider answered 500" },
    ], [{ kind: "user", text: "Book me" }]);
    expect(entries.at(-1)).toEqual({ kind: "error", message: "The AI provider answered 500" });
    expect(toMessages([...entries, { kind: "user", text: "Again" }])).toEqual([
      { role: "user", content: "Book me" },
      { role: "assistant", content: "Let me" },
      { role: "user", content: "Again" },
    ]);
  });
});
