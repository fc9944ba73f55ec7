// A Bolna execution object (docs/bolna.md, "Executions and the webhook") → the call Voxdesk stores. Pure.

import type { NormalizedCall } from "@/lib/calls/normalized";
import { statusRank } from "@/lib/calls/status";

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Json) : {});
const text = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const num = (v: unknown): number | undefined => {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};

/** Bolna reports money in cents (total_cost and cost_breakdown); we store USD. */
export const centsToUsd = (cents: number) => Math.round(cents * 10_000) / 1_000_000;

function isoOr(v: unknown, fallback: string): string {
  const t = typeof v === "string" ? Date.parse(v) : NaN;
  return Number.isNaN(t) ? fallback : new Date(t).toISOString();
}

export function executionToCall(e: Json, now = new Date().toISOString()): NormalizedCall {
  const tel = obj(e.telephony_data);
  const status = text(e.status) || "queued";
  const provider = text(tel.provider);
  const callType = provider === "web-call" || provider === "websocket" ? "web_call" : text(tel.call_type) || "outbound";
  const breakdown = obj(e.cost_breakdown);
  const costs = Object.entries(breakdown).flatMap(([k, v]) => (num(v) === undefined ? [] : [[k, centsToUsd(num(v)!)] as const]));
  const extracted = e.extracted_data;
  const created = isoOr(e.created_at, now);
  return {
    call_sid: text(e.id),
    remote_agent_id: text(e.agent_id),
    from_number: text(tel.from_number),
    to_number: text(tel.to_number),
    // conversation_duration; older payloads say conversation_time; else the telephony leg's length.
    duration: num(e.conversation_duration) ?? num(e.conversation_time) ?? num(tel.duration) ?? 0,
    recording_url: text(tel.recording_url),
    transcription: text(e.transcript),
    status,
    cost: centsToUsd(num(e.total_cost) ?? 0),
    call_type: callType,
    created_at: created,
    updated_at: isoOr(e.updated_at, created),
    status_rank: statusRank(status),
    extra: {
      summary: typeof e.summary === "string" ? e.summary : null,
      extracted_data: typeof extracted === "object" && extracted !== null ? (extracted as Json) : null,
      cost_breakdown: costs.length ? Object.fromEntries(costs) : null,
      hangup_by: text(tel.hangup_by) || null,
      hangup_reason: text(tel.hangup_reason) || null,
      answered_by_voice_mail: typeof e.answered_by_voice_mail === "boolean" ? e.answered_by_voice_mail : null,
      error_message: typeof e.error_message === "string" && e.error_message ? e.error_message : null,
      template_variables: Object.keys(obj(obj(e.context_details).recipient_data)).length ? obj(obj(e.context_details).recipient_data) : null,
    },
  };
}
