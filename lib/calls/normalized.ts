// One call as every engine's adapter reports it (lib/engines/<provider>), whatever that engine
// sent: a webhook, a carrier's callback, a sync page, the answer to a placed call. The ingest
// (db/ingest.ts) stores it; nothing here knows which engine it came from.

import type { CallEnding } from "./endings";

type Json = Record<string, unknown>;

/** The cost components a call's cost is split into (USD), and the engine rollup's columns. */
export const COST_COMPONENTS = ["llm", "network", "platform", "synthesizer", "transcriber"] as const;
export type CostComponent = (typeof COST_COMPONENTS)[number];

/** What a call carries beside the spec's fields: the `extra` column (JSON, extra.ts reads it back). */
export interface CallExtras {
  summary: string | null;
  /** "voxdesk": the summary was written by Voxdesk's own analysis (the engine sent none); absent: the engine's. */
  summary_source?: "voxdesk" | null;
  extracted_data: Json | null;
  /** USD per component (COST_COMPONENTS). */
  cost_breakdown: Record<string, number> | null;
  hangup_by: string | null;
  hangup_reason: string | null;
  answered_by_voice_mail: boolean | null;
  error_message: string | null;
  template_variables: Json | null;
  /** Where the engine's own recording is, when recording_url is Voxdesk's route that streams it with the engine's credentials. */
  recording_source?: string | null;
  /** The conversation as turns, when the engine gives them (the transcription is its text). */
  turns?: TranscriptTurn[] | null;
  /** What the call used, when the engine says: the basis of an estimated cost. */
  usage?: CallUsage | null;
  /** true: some cost components are Voxdesk's estimate from `usage` and the account's prices (lib/pricing), not a bill. */
  cost_estimated?: boolean | null;
  /** Per-turn latency (ms from the caller stopping to the agent speaking) and interruptions, when given. */
  latency_ms?: number[] | null;
  interruptions?: number | null;
  /** How the call ended, on the short list (endings.ts); the vendor's raw value stays in hangup_reason. */
  ending?: CallEnding | null;
  /** The engine's own analysis of the call (success, sentiment, summary, data), when it made one. */
  engine_analysis?: EngineAnalysis | null;
}

export interface EngineAnalysis { success: boolean | null; sentiment: "positive" | "negative" | "neutral" | null; summary: string | null; data: Record<string, unknown> | null }

export interface TranscriptTurn { role: "user" | "assistant" | "tool" | "system"; text: string; start_s?: number }
export interface CallUsage { stt_seconds?: number; tts_characters?: number; llm_input_tokens?: number; llm_output_tokens?: number }

/** Turns as the stored transcription text ("Agent: …\nUser: …", what search and the call view read). */
export function turnsText(turns: readonly TranscriptTurn[]): string {
  const label = { user: "User", assistant: "Agent", tool: "Tool", system: "System" } as const;
  return turns.map((t) => `${label[t.role]}: ${t.text.replace(/\s*\n\s*/g, " ")}`).join("\n");
}

export interface NormalizedCall {
  call_sid: string;
  /** The engine's id of the agent that took the call (the deployment maps it to ours). */
  remote_agent_id: string;
  from_number: string; to_number: string;
  /** Seconds. */
  duration: number;
  recording_url: string; transcription: string;
  /** From the one status list (status.ts); status_rank orders deliveries. */
  status: string; status_rank: number;
  /** USD. */
  cost: number;
  call_type: string;
  created_at: string; updated_at: string;
  extra: CallExtras;
}

/**
 * What a report that knows only part of a call says: a carrier's status or recording callback, a
 * conversation pushed after the call. Fields left out keep what is stored; extras merge key by key;
 * a status only moves forward (a later one by status rank). Without a stored call it starts one.
 */
export interface CallPatch extends Partial<Omit<NormalizedCall, "call_sid" | "extra" | "status_rank">> {
  call_sid: string;
  extra?: Partial<CallExtras>;
  patch: true;
}
