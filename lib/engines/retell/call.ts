// A Retell call object (docs/vapi-retell.md), as get-call, create-phone-call, list-calls and the
// webhooks give it, → the call Voxdesk stores. Pure.

import { endedStatus, hangupByOf, type CallEnding } from "@/lib/calls/endings";
import { turnsText, type CostComponent, type EngineAnalysis, type NormalizedCall, type TranscriptTurn } from "@/lib/calls/normalized";
import { statusRank, type CallStatus } from "@/lib/calls/status";
import { list, num, obj, objOrNull, text, type Json } from "../read-json";


/** Retell reports money in cents (combined_cost and product_costs); we store USD. */
const centsToUsd = (cents: number) => Math.round(cents * 10_000) / 1_000_000;

/** Epoch milliseconds (every Retell time) as ISO; undefined when absent or out of range. */
function msIso(v: unknown): string | undefined {
  const ms = num(v);
  return ms === undefined || Number.isNaN(new Date(ms).getTime()) ? undefined : new Date(ms).toISOString();
}

/** Every disconnection_reason Retell sends (its SDK's PhoneCallResponse). */
export const RETELL_DISCONNECTIONS = [
  "user_hangup", "agent_hangup", "call_transfer", "voicemail_reached", "ivr_reached", "inactivity", "max_duration_reached",
  "concurrency_limit_reached", "no_concurrency_fallback", "no_valid_payment", "scam_detected", "dial_busy", "dial_failed",
  "dial_no_answer", "invalid_destination", "telephony_provider_permission_denied", "telephony_provider_unavailable",
  "sip_routing_error", "marked_as_spam", "user_declined", "error_llm_websocket_open", "error_llm_websocket_lost_connection",
  "error_llm_websocket_runtime", "error_llm_websocket_corrupt_payload", "error_no_audio_received", "error_asr", "error_retell",
  "error_unknown", "error_user_not_joined", "registered_call_timeout", "transfer_bridged", "transfer_cancelled",
  "manual_stopped", "call_take_over",
] as const;
export type RetellDisconnection = (typeof RETELL_DISCONNECTIONS)[number];

const ENDINGS: Record<RetellDisconnection, CallEnding> = {
  user_hangup: "customer_hangup",
  agent_hangup: "agent_hangup",
  // Stopped by a person from Retell's side (dashboard or API), not by the caller: our side hung up.
  manual_stopped: "agent_hangup",
  dial_no_answer: "no_answer",
  dial_busy: "busy",
  voicemail_reached: "voicemail",
  // An answering machine of another kind: the agent hung up on a machine, not a person.
  ivr_reached: "voicemail",
  call_transfer: "transferred",
  transfer_bridged: "transferred",
  // A person took the call over from the agent: handed on, as a transfer is.
  call_take_over: "transferred",
  inactivity: "timed_out",
  max_duration_reached: "timed_out",
  // The call was registered but nobody joined it in time.
  registered_call_timeout: "timed_out",
  // The transfer the call was for did not happen and the call ended there.
  transfer_cancelled: "failed",
  // Refused before or while dialling: the number, the carrier, the account (limits, payment, fraud checks).
  dial_failed: "failed",
  invalid_destination: "failed",
  telephony_provider_permission_denied: "failed",
  telephony_provider_unavailable: "failed",
  sip_routing_error: "failed",
  marked_as_spam: "failed",
  user_declined: "failed",
  concurrency_limit_reached: "failed",
  no_concurrency_fallback: "failed",
  no_valid_payment: "failed",
  scam_detected: "failed",
  error_llm_websocket_open: "error",
  error_llm_websocket_lost_connection: "error",
  error_llm_websocket_runtime: "error",
  error_llm_websocket_corrupt_payload: "error",
  error_no_audio_received: "error",
  error_asr: "error",
  error_retell: "error",
  error_unknown: "error",
  error_user_not_joined: "error",
};

/** A Retell disconnection_reason on the short list; a newer `error_*` value is an error, any other new one null. */
export function retellEnding(reason: string): CallEnding | null {
  if (Object.hasOwn(ENDINGS, reason)) return ENDINGS[reason as RetellDisconnection];
  return reason.startsWith("error_") ? "error" : null;
}

/** A Retell call_status (with its disconnection_reason) as a Voxdesk status. */
export function retellStatus(call_status: string, reason: string | null): CallStatus {
  const ending = reason ? retellEnding(reason) : null;
  switch (call_status) {
    case "registered": return "queued";
    case "ongoing": return "in-progress";
    case "ended": return endedStatus(ending);
    // Never connected: busy and no answer say so, every other reason is a failure to connect.
    case "not_connected": return ending === "busy" ? "busy" : ending === "no_answer" ? "no-answer" : "failed";
    case "error": return "error";
  }
  // A status newer than this list: over when it says why, else in flight (ranked as unknown ones are).
  return reason ? endedStatus(ending) : "in-progress";
}

// Product names are free text ("elevenlabs_tts", "retell_voice_engine", "gpt_4o_mini",
// "us_twilio_telephony", "retell_platform"): read by pattern, in this order; anything else is Retell's.
const PRODUCT_COMPONENTS: readonly [RegExp, CostComponent][] = [
  [/tts|voice(?!mail)|elevenlabs|cartesia|playht|minimax/, "synthesizer"],
  [/llm|gpt|claude|gemini|openai|anthropic/, "llm"],
  [/telephony|twilio|telnyx|vonage|transport|phone|sip/, "network"],
  [/asr|stt|transcri|deepgram/, "transcriber"],
];

function costBreakdown(products: unknown): Record<string, number> | null {
  const cents: Partial<Record<CostComponent, number>> = {};
  for (const item of list(products)) {
    const cost = num(obj(item).cost);
    if (cost === undefined) continue;
    const name = text(obj(item).product).toLowerCase();
    const component = PRODUCT_COMPONENTS.find(([re]) => re.test(name))?.[1] ?? "platform";
    cents[component] = (cents[component] ?? 0) + cost;
  }
  const out = Object.entries(cents).map(([k, v]) => [k, centsToUsd(v)] as const);
  return out.length ? Object.fromEntries(out) : null;
}

const ROLES = new Map<string, TranscriptTurn["role"]>([
  // The person a call was transferred to speaks on the agent's side of the line.
  ["agent", "assistant"], ["user", "user"], ["transfer_target", "assistant"],
]);

/** transcript_object as turns; a turn starts at its first word (seconds of call audio). */
function retellTurns(utterances: unknown): TranscriptTurn[] {
  return list(utterances).flatMap((raw) => {
    const u = obj(raw);
    const role = ROLES.get(text(u.role));
    const said = text(u.content).trim();
    if (!role || !said) return [];
    const at = num(obj(list(u.words)[0]).start);
    return [{ role, text: said, ...(at !== undefined && at >= 0 ? { start_s: at } : {}) }];
  });
}

const SENTIMENTS = new Set(["positive", "negative", "neutral"] as const);

function retellAnalysis(raw: unknown): EngineAnalysis | null {
  const a = obj(raw);
  const sentiment = text(a.user_sentiment).toLowerCase();
  const analysis: EngineAnalysis = {
    success: typeof a.call_successful === "boolean" ? a.call_successful : null,
    // "Unknown" is Retell saying it could not tell: null, as for a call it did not rate.
    sentiment: SENTIMENTS.has(sentiment as "neutral") ? (sentiment as EngineAnalysis["sentiment"]) : null,
    summary: text(a.call_summary) || null,
    data: objOrNull(a.custom_analysis_data),
  };
  // call_ended carries no analysis: null leaves the one call_analyzed brought alone (a null extra is "not known").
  return analysis.success === null && !analysis.sentiment && !analysis.summary && !analysis.data ? null : analysis;
}

/** A Retell call object → the call record; `now` stands in for a time the object lacks (a call not yet started). */
export function retellCallToCall(call: Json, now = new Date().toISOString()): NormalizedCall {
  const reason = text(call.disconnection_reason) || null;
  const ending = reason ? retellEnding(reason) : null;
  const status = retellStatus(text(call.call_status), reason);
  const start = num(call.start_timestamp), end = num(call.end_timestamp);
  const turns = retellTurns(call.transcript_object);
  const analysis = retellAnalysis(call.call_analysis);
  const inVoicemail = obj(call.call_analysis).in_voicemail;
  const latencies = list(obj(obj(call.latency).e2e).values).flatMap((v) => (num(v) !== undefined && num(v)! >= 0 ? [Math.round(num(v)!)] : []));
  const variables = objOrNull(call.retell_llm_dynamic_variables);
  const durationMs = num(call.duration_ms);
  return {
    call_sid: text(call.call_id),
    remote_agent_id: text(call.agent_id),
    from_number: text(call.from_number),
    to_number: text(call.to_number),
    duration: durationMs !== undefined && durationMs >= 0 ? durationMs / 1000 : start !== undefined && end !== undefined && end >= start ? (end - start) / 1000 : 0,
    recording_url: text(call.recording_url),
    transcription: turns.length ? turnsText(turns) : text(call.transcript),
    status,
    status_rank: statusRank(status),
    cost: centsToUsd(num(obj(call.call_cost).combined_cost) ?? 0),
    call_type: call.call_type === "web_call" ? "web_call" : call.direction === "inbound" ? "inbound" : "outbound",
    created_at: msIso(start) ?? now,
    updated_at: msIso(end) ?? msIso(start) ?? now,
    extra: {
      summary: analysis?.summary ?? null,
      extracted_data: analysis?.data ?? null,
      cost_breakdown: costBreakdown(obj(call.call_cost).product_costs),
      hangup_by: hangupByOf(ending),
      hangup_reason: reason,
      answered_by_voice_mail: typeof inVoicemail === "boolean" ? inVoicemail : ending === "voicemail" ? true : null,
      // Retell names no error beyond the reason itself (kept in hangup_reason).
      error_message: null,
      template_variables: variables && Object.keys(variables).length ? variables : null,
      recording_source: null,
      turns: turns.length ? turns : null,
      usage: null,
      cost_estimated: null,
      latency_ms: latencies.length ? latencies : null,
      // Retell reports no interruptions.
      interruptions: null,
      ending,
      engine_analysis: analysis,
    },
  };
}
