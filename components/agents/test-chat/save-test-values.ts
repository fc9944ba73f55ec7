import { z } from "zod";
import type { Expectation } from "@/lib/agents/tests/schema";
import type { Entry } from "./use-test-chat";

// The "Save as test case" form: its schema, the expectations it starts from, and what it sends.

export const SaveForm = z.object({
  name: z.string().trim().min(1, "Required").max(200, "At most 200 characters"),
  expect: z.array(z.object({
    type: z.enum(["reply_contains", "tool_called"]),
    value: z.string().trim().min(1, "Required").max(4000, "At most 4000 characters"),
  })).min(1, "Add at least one expectation"),
});
export type SaveValues = z.infer<typeof SaveForm>;

/** The last reply's first sentence (a whole model reply rarely repeats word for word). */
function replySnippet(text: string): string {
  const first = text.trim().split(/(?<=[.!?])\s/)[0] ?? "";
  return first.slice(0, 200);
}

/** Expectations this conversation would pass: each distinct tool it called, and its last reply's first sentence. */
export function suggestedExpectations(entries: readonly Entry[]): SaveValues["expect"] {
  const tools = [...new Set(entries.flatMap((e) => (e.kind === "tool" ? [e.name] : [])))];
  const lastReply = entries.findLast((e) => e.kind === "assistant" && e.text.trim() !== "");
  const out: SaveValues["expect"] = tools.map((t) => ({ type: "tool_called", value: t }));
  if (lastReply?.kind === "assistant") out.push({ type: "reply_contains", value: replySnippet(lastReply.text) });
  return out;
}

export function toExpectation(e: SaveValues["expect"][number]): Expectation {
  return e.type === "tool_called" ? { type: "tool_called", tool: e.value } : { type: "reply_contains", text: e.value };
}
