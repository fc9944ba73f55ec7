// One call as every engine's adapter reports it (lib/engines/<provider>), whatever that engine
// sent: a webhook, a carrier's callback, a sync page, the answer to a placed call. The ingest
// (db/ingest.ts) stores it; nothing here knows which engine it came from.

type Json = Record<string, unknown>;

/** The cost components a call's cost is split into (USD), and the engine rollup's columns. */
export const COST_COMPONENTS = ["llm", "network", "platform", "synthesizer", "transcriber"] as const;
export type CostComponent = (typeof COST_COMPONENTS)[number];

/** What a call carries beside the spec's fields: the `extra` column (JSON, extra.ts reads it back). */
export interface CallExtras {
  summary: string | null;
  extracted_data: Json | null;
  /** USD per component (COST_COMPONENTS). */
  cost_breakdown: Record<string, number> | null;
  hangup_by: string | null;
  hangup_reason: string | null;
  answered_by_voice_mail: boolean | null;
  error_message: string | null;
  template_variables: Json | null;
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
