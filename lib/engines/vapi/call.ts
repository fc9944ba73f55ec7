// A Vapi Call object (docs/vapi-retell.md), as `GET /call`, `GET /call/{id}` and `POST /call` answer it
// and as server messages carry it, → the call Voxdesk stores. Pure.

import { endedStatus, hangupByOf, type CallEnding } from "@/lib/calls/endings";
import { turnsText, type CostComponent, type EngineAnalysis, type NormalizedCall, type TranscriptTurn } from "@/lib/calls/normalized";
import { statusRank, type CallStatus } from "@/lib/calls/status";
import { list, num, obj, objOrNull, text, type Json } from "../read-json";


function isoOr(v: unknown, fallback: string): string {
  const t = typeof v === "string" ? Date.parse(v) : NaN;
  return Number.isNaN(t) ? fallback : new Date(t).toISOString();
}

// endedReason has several hundred values and grows with each release: a few exact ones, then
// families by prefix, then anything naming an error. Checked in this order.
const EXACT_ENDINGS = new Map<string, CallEnding>([
  ["assistant-said-end-call-phrase", "agent_hangup"],
  ["customer-did-not-answer", "no_answer"],
  ["customer-busy", "busy"],
  ["voicemail", "voicemail"],
  ["assistant-forwarded-call", "transferred"],
  ["silence-timed-out", "timed_out"],
  ["exceeded-max-duration", "timed_out"],
  ["twilio-failed-to-connect-call", "failed"],
  // Vonage's twin of the Twilio value above; a misdialed number, or a web caller who kept the
  // microphone closed, never reached the agent either.
  ["vonage-failed-to-connect-call", "failed"],
  ["twilio-reported-customer-misdialed", "failed"],
  ["customer-did-not-give-microphone-permission", "failed"],
  ["call.ringing.sip-inbound-caller-hungup-before-call-connect", "customer_hangup"],
  // Canceled before it was placed: the customer was not reached.
  ["manually-canceled", "failed"],
  ["worker-shutdown", "error"],
]);
const PATTERN_ENDINGS: readonly [RegExp, CallEnding][] = [
  [/^customer-ended-call/, "customer_hangup"],
  [/^assistant-ended-call/, "agent_hangup"],
  // Before the catch-all below: a call that could not start never reached anyone, a failed call.
  [/^call\.start\.error-/, "failed"],
  // pipeline-error-*, call.in-progress.error-*, assistant-request-returned-error, …
  [/error/, "error"],
];

/** A Vapi endedReason on the short list; null for a value the list has no place for (kept raw in hangup_reason). */
export function vapiEnding(endedReason: string): CallEnding | null {
  return EXACT_ENDINGS.get(endedReason) ?? PATTERN_ENDINGS.find(([re]) => re.test(endedReason))?.[1] ?? null;
}

/** A Vapi call status (with its endedReason) as a Voxdesk status. */
export function vapiStatus(status: string, endedReason: string | null): CallStatus {
  switch (status) {
    case "scheduled": case "queued": case "ringing": return status;
    case "in-progress": case "forwarding": return "in-progress";
    case "ended": return endedStatus(endedReason ? vapiEnding(endedReason) : null);
    // The call record is gone or broken on Vapi's side.
    case "not-found": case "deletion-failed": return "error";
  }
  // A status newer than this list: over when it says why, else in flight (ranked as unknown ones are).
  return endedReason ? endedStatus(vapiEnding(endedReason)) : "in-progress";
}

const CALL_TYPES = new Map([["inboundPhoneCall", "inbound"], ["outboundPhoneCall", "outbound"], ["webCall", "web_call"], ["vapi.websocketCall", "web_call"]]);

const BREAKDOWN_KEYS: readonly [string, CostComponent][] = [["transport", "network"], ["stt", "transcriber"], ["llm", "llm"], ["tts", "synthesizer"], ["vapi", "platform"]];
// costs[] items by type, for a server message that has them and no costBreakdown. Analysis is LLM work.
const COST_TYPES = new Map<string, CostComponent>([
  ["transport", "network"], ["transcriber", "transcriber"], ["model", "llm"], ["analysis", "llm"], ["voice", "synthesizer"], ["vapi", "platform"],
]);

function costBreakdown(call: Json): Record<string, number> | null {
  const b = obj(call.costBreakdown);
  const out: Record<string, number> = {};
  for (const [key, component] of BREAKDOWN_KEYS) if (num(b[key]) !== undefined) out[component] = num(b[key])!;
  if (Object.keys(out).length) return out;
  for (const item of list(call.costs)) {
    const cost = num(obj(item).cost);
    if (cost !== undefined) {
      const component = COST_TYPES.get(text(obj(item).type)) ?? "platform";
      out[component] = Math.round(((out[component] ?? 0) + cost) * 1e6) / 1e6;
    }
  }
  return Object.keys(out).length ? out : null;
}

const ROLES = new Map<string, TranscriptTurn["role"]>([
  // The agent's side is `bot` in the SDK's types and `assistant` in the docs' examples: both are read.
  ["user", "user"], ["bot", "assistant"], ["assistant", "assistant"], ["tool_calls", "tool"], ["tool_call_result", "tool"],
]);

/** A tool turn's text as the push writes it: a call as `name(arguments)`, a result as its content. */
function toolText(m: Json): string {
  if (text(m.message).trim()) return text(m.message);
  if (m.role === "tool_call_result") return typeof m.result === "string" ? m.result : m.result === undefined ? "" : JSON.stringify(m.result);
  return list(m.toolCalls).map((c) => {
    const f = obj(obj(c).function);
    return `${text(f.name)}(${typeof f.arguments === "string" ? f.arguments : JSON.stringify(f.arguments ?? {})})`;
  }).join("; ");
}

/** artifact.messages as turns: the system prompt left out, empty items skipped. */
function vapiTurns(messages: unknown): TranscriptTurn[] {
  return list(messages).flatMap((raw) => {
    const m = obj(raw);
    const role = ROLES.get(text(m.role));
    const said = role === "tool" ? toolText(m).trim() : text(m.message).trim();
    if (!role || !said) return [];
    const at = num(m.secondsFromStart);
    return [{ role, text: said, ...(at !== undefined && at >= 0 ? { start_s: at } : {}) }];
  });
}

// successEvaluation is a string whose form follows the assistant's rubric. Words are read as they
// say; a score passes at 60% of its scale or more (6 of 10, "60%"), the upper part of either scale.
const VERDICTS = new Map<string, boolean>([
  ["true", true], ["pass", true], ["passed", true], ["yes", true], ["success", true], ["successful", true],
  ["false", false], ["fail", false], ["failed", false], ["no", false], ["unsuccessful", false],
  // DescriptiveScale: the two upper grades pass.
  ["excellent", true], ["good", true], ["fair", false], ["poor", false],
  // LikertScale; "neutral" says neither.
  ["strongly agree", true], ["agree", true], ["disagree", false], ["strongly disagree", false],
]);
const PASS_PERCENT = 60;

/** A successEvaluation as pass or fail; null when its form (a checklist, a matrix, free text) says neither. */
export function vapiSuccess(evaluation: unknown): boolean | null {
  if (typeof evaluation === "boolean") return evaluation;
  const s = typeof evaluation === "number" ? String(evaluation) : text(evaluation).trim().toLowerCase().replace(/\.$/, "");
  const verdict = VERDICTS.get(s);
  if (verdict !== undefined) return verdict;
  const percent = /^(\d+(?:\.\d+)?)\s*%$/.exec(s);
  if (percent) return Number(percent[1]) <= 100 ? Number(percent[1]) >= PASS_PERCENT : null;
  // NumericScale, 1 to 10 ("7" or "7/10"). A bare number above 10 could be on any scale: not read.
  const score = /^(\d+(?:\.\d+)?)(?:\s*\/\s*10)?$/.exec(s);
  return score && Number(score[1]) <= 10 ? Number(score[1]) * 10 >= PASS_PERCENT : null;
}

function vapiAnalysis(raw: unknown): EngineAnalysis | null {
  const a = obj(raw);
  const analysis: EngineAnalysis = {
    success: vapiSuccess(a.successEvaluation), sentiment: null, summary: text(a.summary) || null, data: objOrNull(a.structuredData),
  };
  // An empty analysis says nothing; as null it leaves a stored one alone (a null extra is "not known").
  return analysis.success === null && !analysis.summary && !analysis.data ? null : analysis;
}

/** A Vapi Call → the call record; `now` stands in for a time the object lacks. */
export function vapiCallToCall(call: Json, now = new Date().toISOString()): NormalizedCall {
  const artifact = obj(call.artifact);
  const metrics = obj(artifact.performanceMetrics);
  const reason = text(call.endedReason) || null;
  const ending = reason ? vapiEnding(reason) : null;
  const status = vapiStatus(text(call.status), reason);
  const turns = vapiTurns(artifact.messages ?? call.messages);
  const analysis = vapiAnalysis(call.analysis);
  const started = Date.parse(text(call.startedAt)), ended = Date.parse(text(call.endedAt));
  // The customer is the far end: the callee of an outbound call, the caller of an inbound one. The
  // Vapi number is named only by phoneNumberId unless the object carries it; the adapter fills it.
  const customer = text(obj(call.customer).number), ours = text(obj(call.phoneNumber).number);
  const inbound = call.type === "inboundPhoneCall";
  const latencies = list(metrics.turnLatencies).flatMap((t) => {
    const ms = num(obj(t).turnLatency);
    return ms !== undefined && ms >= 0 ? [Math.round(ms)] : [];
  });
  // numAssistantInterrupted counts the user cutting the assistant off, numUserInterrupted the
  // reverse. The push's `interruptions` is Bolna's total_interruptions, both directions together:
  // the two are summed here so the engines' figures compare.
  const cutIns = [num(metrics.numAssistantInterrupted), num(metrics.numUserInterrupted)].filter((n) => n !== undefined);
  const variables = objOrNull(obj(call.assistantOverrides).variableValues);
  return {
    call_sid: text(call.id),
    remote_agent_id: text(call.assistantId),
    from_number: inbound ? customer : ours,
    to_number: inbound ? ours : customer,
    duration: Number.isNaN(started) || Number.isNaN(ended) || ended < started ? 0 : (ended - started) / 1000,
    recording_url: text(artifact.recordingUrl) || text(obj(obj(artifact.recording).mono).combinedUrl) || text(call.recordingUrl),
    transcription: turns.length ? turnsText(turns) : text(artifact.transcript) || text(call.transcript),
    status,
    status_rank: statusRank(status),
    cost: num(call.cost) ?? 0,
    call_type: CALL_TYPES.get(text(call.type)) ?? "outbound",
    created_at: isoOr(call.createdAt, now),
    updated_at: isoOr(call.updatedAt, now),
    extra: {
      summary: analysis?.summary ?? null,
      extracted_data: analysis?.data ?? null,
      cost_breakdown: costBreakdown(call),
      hangup_by: hangupByOf(ending),
      hangup_reason: reason,
      answered_by_voice_mail: ending === "voicemail" ? true : null,
      error_message: (ending === "failed" || ending === "error") && text(call.endedMessage) ? text(call.endedMessage) : null,
      template_variables: variables && Object.keys(variables).length ? variables : null,
      recording_source: null,
      turns: turns.length ? turns : null,
      usage: null,
      cost_estimated: null,
      latency_ms: latencies.length ? latencies : null,
      interruptions: cutIns.length ? Math.round(cutIns.reduce((a, b) => a + b, 0)) : null,
      ending,
      engine_analysis: analysis,
    },
  };
}

/** What an end-of-call-report or status-update says beside its `call`: newer than that snapshot. */
const REPORT_FIELDS = ["endedReason", "cost", "costs", "artifact", "analysis", "startedAt", "endedAt", "status"] as const;

/** A Vapi server message (`message` of the POST body) → its call, the message's own fields over its call snapshot. */
export function vapiReportToCall(message: Json, now?: string): NormalizedCall {
  const call: Json = { ...obj(message.call) };
  for (const key of REPORT_FIELDS) if (message[key] !== undefined && message[key] !== null) call[key] = message[key];
  // The report is sent after the call is over, whatever its snapshot last said.
  if (message.type === "end-of-call-report" && message.status === undefined) call.status = "ended";
  // The message names the number and the customer even when its snapshot holds only their ids.
  call.phoneNumber ??= message.phoneNumber;
  call.customer ??= message.customer;
  return vapiCallToCall(call, now);
}

/** The Vapi number's digits (calls name it by id) on its side of the call: the number called on an inbound call, the caller on any other. Fills only an empty side. */
export function withVapiNumber(call: NormalizedCall, number: string): NormalizedCall {
  if (call.call_type === "inbound") call.to_number ||= number;
  else call.from_number ||= number;
  return call;
}
