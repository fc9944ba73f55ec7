import "server-only";
import { generateText, jsonSchema, Output } from "ai";
import { z } from "zod";
import { AI_TIMEOUT_MS, chatModel } from "@/lib/ai-providers/client";
import { getAiProvider } from "@/lib/ai-providers/db";
import { describeProviderFailure } from "@/lib/ai-providers/failure";
import { connectionOf } from "@/lib/ai-providers/service";
import { pickProvider } from "@/lib/analysis/db/runs";
import type { JudgeAnswer } from "./expectations";
import type { TranscriptEntry } from "./schema";

// A test's `judge` expectation: the account's AI provider (its first, as analysis picks)
// reads the conversation and answers {passed, reason} as structured output. Never throws.

const VERDICT_JSON: Record<string, unknown> = {
  type: "object",
  properties: {
    passed: { type: "boolean", description: "Whether the conversation meets the criteria" },
    reason: { type: "string", description: "One or two sentences on why" },
  },
  required: ["passed", "reason"],
  additionalProperties: false,
};
const Verdict = z.object({ passed: z.boolean(), reason: z.string() });

const INSTRUCTIONS = [
  "You judge a test conversation between a voice agent (assistant) and a caller (user); tool lines are the agent's tool calls and their results.",
  "Decide whether the conversation meets the criteria. Answer only with JSON matching the given schema.",
].join("\n");

const line = (t: TranscriptEntry) => (t.role === "tool" ? `tool: ${t.content}` : `${t.role}: ${t.content}`);

export async function judgeConversation(accountId: string, criteria: string, transcript: TranscriptEntry[], timeoutMs = AI_TIMEOUT_MS): Promise<JudgeAnswer> {
  const picked = await pickProvider(accountId);
  const provider = picked && (await getAiProvider(accountId, picked.id));
  if (!provider) return { ok: false, reason: "The account has no AI provider" };
  let connection;
  try {
    connection = connectionOf(provider);
  } catch {
    return { ok: false, reason: "The AI provider's API key could not be opened (was SECRET_KEY changed?): enter it again under Settings" };
  }
  const schema = jsonSchema<z.infer<typeof Verdict>>(VERDICT_JSON, {
    validate: (value) => {
      const parsed = Verdict.safeParse(value);
      return parsed.success ? { success: true, value: parsed.data } : { success: false, error: parsed.error };
    },
  });
  try {
    const { output } = await generateText({
      model: chatModel(connection, { timeoutMs }),
      output: Output.object({ schema, name: "test_verdict" }),
      system: INSTRUCTIONS,
      prompt: `Criteria: ${criteria}\n\nConversation:\n${transcript.map(line).join("\n")}`,
      temperature: 0,
      maxRetries: 0,
    });
    return { ok: true, passed: output.passed, reason: output.reason };
  } catch (err) {
    return { ok: false, reason: describeProviderFailure(err, { baseUrl: connection.base_url, timeoutMs }).reason };
  }
}
