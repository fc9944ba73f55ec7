import "server-only";
import { Webhook } from "standardwebhooks";
import { z } from "zod";
import type { CallPatch } from "@/lib/calls/normalized";
import { turnsText } from "@/lib/calls/normalized";
import { CALL_STATUSES } from "@/lib/calls/status";
import { AppError } from "@/lib/http/errors";
import { estimateCost } from "@/lib/pricing/estimate";
import type { Prices } from "@/lib/pricing/schema";
import { openEngineSecrets, type EngineRow } from "./db";

// POST /api/ingest/{engine_id}: what an engine (or anything observing its calls) knows of a call
// after the fact — the conversation, its summary and extraction, usage, latency — in Voxdesk's own
// schema (docs/engines.md, "Push"), signed in the Standard Webhooks scheme with the engine's
// push_secret. Each record patches the call it names; a record for a call nobody placed (an
// inbound call) starts one.

const n = z.number().finite().min(0);
export const PushBody = z.object({
  call_sid: z.string().min(1).max(128).optional().describe("The carrier's call id (Twilio's Call SID) of a call Voxdesk placed"),
  carrier_call_id: z.string().min(1).max(128).optional().describe("Another name for call_sid"),
  run_id: z.string().max(128).optional().describe("The engine's id of this conversation (informational)"),
  agent_id: z.string().min(1).max(128).optional().describe("The engine's id of the agent (the remote_agent_id of a deployment)"),
  task: z.enum(["conversation", "summarization", "extraction", "webhook"]).optional(),
  status: z.enum(CALL_STATUSES).optional().describe("Default for a conversation record: completed"),
  direction: z.enum(["inbound", "outbound"]).optional(),
  from_number: z.string().max(64).optional(),
  to_number: z.string().max(64).optional(),
  transcript: z.array(z.object({
    role: z.enum(["user", "assistant", "tool", "system"]), text: z.string().max(20_000), start_s: n.optional(),
  }).strict()).max(5000).optional(),
  end_reason: z.string().max(200).nullable().optional().describe("Why the call ended, in the engine's words (Bolna's hangup_detail); null: the caller or carrier ended it"),
  ended_by_assistant: z.boolean().optional(),
  duration_s: n.optional(),
  summary: z.string().max(20_000).optional(),
  extracted_data: z.record(z.string(), z.unknown()).optional(),
  usage: z.object({ stt_seconds: n.optional(), tts_characters: n.optional(), llm_input_tokens: n.optional(), llm_output_tokens: n.optional() }).strict().optional(),
  latency: z.object({ turns: z.array(n).max(5000) }).strict().optional(),
  interruptions: z.number().int().min(0).optional(),
  recording_url: z.string().url().max(2000).optional(),
}).strict().refine((b) => b.call_sid || b.carrier_call_id, { path: ["call_sid"], message: "call_sid or carrier_call_id is required" });
export type PushBody = z.output<typeof PushBody>;

/** The engine's push secret; null when it has none (such engines do not take pushes). */
export const pushSecretOf = (engine: EngineRow): string | null => openEngineSecrets<{ push_secret?: string }>(engine)?.push_secret ?? null;

/** Verifies the Standard Webhooks headers against the raw body (and its timestamp's freshness): 401 otherwise. */
export function verifyPush(secret: string, body: string, headers: Headers): void {
  try {
    new Webhook(secret).verify(body, {
      "webhook-id": headers.get("webhook-id") ?? "", "webhook-timestamp": headers.get("webhook-timestamp") ?? "",
      "webhook-signature": headers.get("webhook-signature") ?? "",
    });
  } catch {
    throw new AppError(401, "The push is not signed with this engine's push_secret (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature)");
  }
}

/**
 * A push record → the patch of its call. The engine reports usage, not money: with the account's
 * `prices`, the usage becomes estimated transcriber/synthesizer/llm components, which the ingest
 * sums with whatever else the call has (the carrier's price, in either order) into its cost.
 */
export function pushToPatch(b: PushBody, prices?: Prices): CallPatch {
  const estimate = b.usage && prices ? estimateCost(b.usage, prices) : {};
  const estimated = Object.keys(estimate).length > 0;
  const conversation = b.task === "conversation" || (b.task === undefined && b.transcript !== undefined);
  const status = b.status ?? (conversation ? "completed" : undefined);
  return {
    call_sid: (b.call_sid ?? b.carrier_call_id)!, patch: true,
    ...(b.agent_id ? { remote_agent_id: b.agent_id } : {}),
    ...(status ? { status } : {}),
    ...(b.direction ? { call_type: b.direction } : {}),
    ...(b.from_number ? { from_number: b.from_number } : {}),
    ...(b.to_number ? { to_number: b.to_number } : {}),
    ...(b.transcript ? { transcription: turnsText(b.transcript) } : {}),
    ...(b.duration_s !== undefined ? { duration: b.duration_s } : {}),
    ...(b.recording_url ? { recording_url: b.recording_url } : {}),
    extra: {
      summary: b.summary, extracted_data: b.extracted_data as Record<string, unknown> | undefined,
      hangup_reason: b.end_reason ?? undefined,
      hangup_by: b.ended_by_assistant === undefined ? undefined : b.ended_by_assistant ? "Assistant" : "Caller",
      turns: b.transcript, usage: b.usage, latency_ms: b.latency?.turns, interruptions: b.interruptions,
      ...(estimated ? { cost_breakdown: estimate, cost_estimated: true } : {}),
    },
  };
}
