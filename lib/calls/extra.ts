import { z } from "zod";

// A call row's `extra` column (JSON): what ingest recorded of the engine's report beside the spec's
// fields (CallExtras in normalized.ts, whichever engine). The rollups read six of its keys; they are
// parsed here, the rest is passed over. Imported calls have none.

export const StoredCallExtra = z.object({
  hangup_by: z.string().nullish(),
  hangup_reason: z.string().nullish(),
  answered_by_voice_mail: z.boolean().nullish(),
  /** USD per cost component (llm, network, …). */
  cost_breakdown: z.record(z.string(), z.number()).nullish(),
  /** Per-turn latency in ms and interruptions, when the engine gave them. */
  latency_ms: z.array(z.number()).nullish(),
  interruptions: z.number().nullish(),
});
export type StoredCallExtra = z.output<typeof StoredCallExtra>;

/** A stored call's extra; a value that does not match is a bug or a damaged database, named with the call. */
export function callExtra(extra: string | null | undefined, callSid: string): StoredCallExtra {
  if (!extra) return {};
  const parsed = StoredCallExtra.safeParse(JSON.parse(extra));
  if (!parsed.success) throw new Error(`call ${callSid}: stored extra does not match its schema: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
