import { z } from "zod";
import { unsafePatternReason } from "@/lib/tools/safe-regexp";

// Request shapes of agent test cases: one schema for the create handler, the OpenAPI
// document and the console's form. Client-safe.

const MAX_TEXT = 4000;

/** Why a reply_matches pattern is refused (it does not compile, or it could take exponential time), or null. */
export function patternProblem(pattern: string): string | null {
  try {
    new RegExp(pattern, "u");
  } catch (err) {
    return `pattern is not a valid regular expression: ${(err as Error).message}`;
  }
  const unsafe = unsafePatternReason(pattern);
  return unsafe ? `pattern is refused: ${unsafe}` : null;
}

export const ToolCalled = z.object({
  type: z.literal("tool_called"),
  tool: z.string().trim().min(1, "tool is required").max(64).describe("The tool's function name as the agent calls it"),
  args: z.record(z.string(), z.unknown()).optional()
    .describe("The call must have these arguments with these values (deep equality); others may be there too"),
}).strict();
export const ReplyContains = z.object({
  type: z.literal("reply_contains"),
  text: z.string().min(1, "text is required").max(MAX_TEXT).describe("Some assistant reply contains this text (case-insensitive)"),
}).strict();
export const ReplyMatches = z.object({
  type: z.literal("reply_matches"),
  pattern: z.string().min(1, "pattern is required").max(500)
    .superRefine((p, ctx) => {
      const problem = patternProblem(p);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .describe("Some assistant reply matches this JavaScript regular expression (unicode mode, no flags)"),
}).strict();
export const Judge = z.object({
  type: z.literal("judge"),
  criteria: z.string().trim().min(1, "criteria is required").max(MAX_TEXT)
    .describe("What the conversation must achieve, in words; the account's AI provider judges it and says why"),
}).strict();

export const Expectation = z.discriminatedUnion("type", [ToolCalled, ReplyContains, ReplyMatches, Judge]);
export type Expectation = z.infer<typeof Expectation>;

export const CreateTestBody = z.object({
  name: z.string().trim().min(1, "name is required").max(200, "name must be at most 200 characters"),
  variables: z.record(z.string().max(100), z.string().max(MAX_TEXT)).default({})
    .describe("Values for the prompt's {variables}"),
  turns: z.array(z.string().trim().min(1, "a turn must not be empty").max(MAX_TEXT)).min(1, "turns needs at least 1 message").max(20, "turns has at most 20 messages")
    .describe("The caller's messages, in order; the agent answers each"),
  expect: z.array(Expectation).min(1, "expect needs at least 1 expectation").max(20, "expect has at most 20 expectations"),
}).strict();
export type CreateTestBody = z.infer<typeof CreateTestBody>;

export const TestParams = z.object({
  id: z.string().describe("agent_id returned by POST /agent"),
  test_id: z.string().describe("test_id returned by POST /agent/{id}/tests"),
});
export const RunParams = z.object({
  id: z.string().describe("agent_id returned by POST /agent"),
  run_id: z.string().describe("run_id returned by POST /agent/{id}/tests/run"),
});

export const RunBody = z.object({
  version: z.number().int().min(1).max(1_000_000_000).optional().describe("The version to test; the agent's latest when absent"),
}).strict();

/** One line of a test's conversation. tool: the call and what the tool answered. */
export interface TranscriptEntry {
  role: "user" | "assistant" | "tool";
  content: string;
  tool?: { name: string; args: Record<string, unknown>; ok: boolean; http_status: number | null; response: unknown };
}
