import { describe, expect, it } from "vitest";
import { argsMatch, checkExpectations, type Judge } from "./expectations";
import type { TranscriptEntry } from "./schema";

// The checks of a test's expectations on a conversation: tool arguments are a subset with
// deep equality, reply_contains ignores case and looks at every assistant reply, a judge's answer
// (or its failure) becomes the failure's words.

const tool = (name: string, args: Record<string, unknown>): TranscriptEntry =>
  ({ role: "tool", content: name, tool: { name, args, ok: true, http_status: 200, response: {} } });
const transcript: TranscriptEntry[] = [
  { role: "assistant", content: "Welcome to Luigi's." },
  { role: "user", content: "Two people at 7" },
  tool("book_table", { people: 2, time: "19:00", extras: { window: true, tags: ["a", "b"] } }),
  { role: "assistant", content: "Booked: table 12." },
];
const never: Judge = async () => { throw new Error("no judge expected"); };

describe("expectations", () => {
  it("tool arguments: every expected key with a deeply equal value, others allowed", () => {
    const actual = { people: 2, time: "19:00", extras: { window: true, tags: ["a", "b"] } };
    expect(argsMatch({}, actual)).toBe(true);
    expect(argsMatch({ people: 2 }, actual)).toBe(true);
    expect(argsMatch({ extras: { window: true, tags: ["a", "b"] } }, actual)).toBe(true);
    expect(argsMatch({ extras: { window: true } }, actual)).toBe(false); // values compare whole
    expect(argsMatch({ people: "2" }, actual)).toBe(false);
    expect(argsMatch({ seats: undefined }, actual)).toBe(false);
  });

  it("met expectations give no failures; replies are searched case-insensitively, the welcome included", async () => {
    expect(await checkExpectations([
      { type: "tool_called", tool: "book_table", args: { people: 2 } },
      { type: "reply_contains", text: "LUIGI" },
      { type: "reply_contains", text: "booked" },
      { type: "reply_matches", pattern: "table \\d+" },
    ], transcript, never)).toEqual([]);
  });

  it("unmet ones are one line each, naming the expectation", async () => {
    const judge: Judge = async (criteria) => (criteria === "polite" ? { ok: true, passed: false, reason: "Too curt." } : { ok: false, reason: "The AI provider timed out" });
    expect(await checkExpectations([
      { type: "tool_called", tool: "cancel" },
      { type: "tool_called", tool: "book_table", args: { people: 3 } },
      { type: "reply_contains", text: "sorry" },
      { type: "reply_matches", pattern: "^Table" },
      { type: "judge", criteria: "polite" },
      { type: "judge", criteria: "other" },
    ], transcript, judge)).toEqual([
      "expect[0] tool_called: cancel was not called (called: book_table)",
      'expect[1] tool_called: book_table was called, but never with {"people":3} (got {"people":2,"time":"19:00","extras":{"window":true,"tags":["a","b"]}})',
      'expect[2] reply_contains: no reply contains "sorry"',
      "expect[3] reply_matches: no reply matches /^Table/",
      "expect[4] judge: not met: Too curt.",
      "expect[5] judge: the judge could not answer: The AI provider timed out",
    ]);
  });
});
