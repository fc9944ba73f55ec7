import type { CallUsage, CostComponent } from "@/lib/calls/normalized";
import type { Prices } from "./schema";

// A call's usage priced with an account's table: the cost components an engine that reports no
// money (self-hosted Bolna) would have billed. Pure.

/** The components a usage report can price; the carrier's share ("network") comes from the carrier. */
export type EstimatedComponent = Extract<CostComponent, "transcriber" | "synthesizer" | "llm">;

/** USD with the precision the ingest keeps (six decimals, a millionth of a dollar). */
const round6 = (n: number) => Math.round(n * 1_000_000) / 1_000_000;

/**
 * One component per kind of usage the report gives (a report without LLM tokens leaves the llm
 * component as it stands); a token count left out of a given pair counts as none. A product too
 * large to be a number (absurd usage) is left out rather than stored as a cost nobody can read.
 */
export function estimateCost(usage: CallUsage, prices: Prices): Partial<Record<EstimatedComponent, number>> {
  const out: Partial<Record<EstimatedComponent, number>> = {};
  const put = (k: EstimatedComponent, usd: number) => { if (Number.isFinite(usd)) out[k] = round6(usd); };
  if (usage.stt_seconds !== undefined) put("transcriber", (usage.stt_seconds / 60) * prices.stt_per_minute);
  if (usage.tts_characters !== undefined) put("synthesizer", (usage.tts_characters / 1000) * prices.tts_per_1k_characters);
  if (usage.llm_input_tokens !== undefined || usage.llm_output_tokens !== undefined) {
    put("llm", ((usage.llm_input_tokens ?? 0) / 1e6) * prices.llm_per_1m_input_tokens
      + ((usage.llm_output_tokens ?? 0) / 1e6) * prices.llm_per_1m_output_tokens);
  }
  return out;
}
