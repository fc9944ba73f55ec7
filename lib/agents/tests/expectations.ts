import { isDeepStrictEqual } from "node:util";
import type { Expectation, TranscriptEntry } from "./schema";

// Checking a test's expectations against the conversation it had. Each unmet expectation
// is one failure, in words that name it (expect[i]) and say what happened instead.

export type JudgeAnswer = { ok: true; passed: boolean; reason: string } | { ok: false; reason: string };
export type Judge = (criteria: string, transcript: TranscriptEntry[]) => Promise<JudgeAnswer>;

const show = (v: unknown) => JSON.stringify(v);

/** Every expected key is there with a deeply equal value; other arguments may be there too. */
export const argsMatch = (expected: Record<string, unknown>, actual: Record<string, unknown>) =>
  Object.entries(expected).every(([k, v]) => Object.hasOwn(actual, k) && isDeepStrictEqual(actual[k], v));

function toolCalled(e: Extract<Expectation, { type: "tool_called" }>, tools: TranscriptEntry["tool"][]): string | null {
  const named = tools.filter((t) => t!.name === e.tool);
  if (named.length === 0) {
    const called = [...new Set(tools.map((t) => t!.name))];
    return `${e.tool} was not called${called.length ? ` (called: ${called.join(", ")})` : " (no tool was called)"}`;
  }
  if (!e.args || named.some((t) => argsMatch(e.args!, t!.args))) return null;
  return `${e.tool} was called, but never with ${show(e.args)} (got ${named.map((t) => show(t!.args)).join(", ")})`;
}

/** The failures of `expect` on this conversation; empty when every expectation is met. */
export async function checkExpectations(expect: Expectation[], transcript: TranscriptEntry[], judge: Judge): Promise<string[]> {
  const replies = transcript.filter((t) => t.role === "assistant").map((t) => t.content);
  const tools = transcript.flatMap((t) => (t.role === "tool" && t.tool ? [t.tool] : []));
  const failures: string[] = [];
  for (const [i, e] of expect.entries()) {
    let problem: string | null = null;
    if (e.type === "tool_called") problem = toolCalled(e, tools);
    if (e.type === "reply_contains" && !replies.some((r) => r.toLowerCase().includes(e.text.toLowerCase()))) {
      problem = `no reply contains ${show(e.text)}`;
    }
    if (e.type === "reply_matches") {
      // Checked at creation (schema.ts: compiles, and no exponential shapes), so this cannot throw.
      const re = new RegExp(e.pattern, "u");
      if (!replies.some((r) => re.test(r))) problem = `no reply matches /${e.pattern}/`;
    }
    if (e.type === "judge") {
      const answer = await judge(e.criteria, transcript);
      if (!answer.ok) problem = `the judge could not answer: ${answer.reason}`;
      else if (!answer.passed) problem = `not met: ${answer.reason}`;
    }
    if (problem) failures.push(`expect[${i}] ${e.type}: ${problem}`);
  }
  return failures;
}
