import { insertCalls } from "@/lib/calls/db/calls";
import { upsertCall, type ResolvedCall } from "@/lib/calls/db/ingest";
import type { CallExtras } from "@/lib/calls/normalized";
import { statusRank } from "@/lib/calls/status";
import { callHooks } from "@/lib/engines/call-hooks";
import { createEngine } from "@/lib/engines/db";
import { ANALYSIS_PLAN_EXAMPLE } from "@/lib/outcomes/openapi";
import { AnalysisPlan } from "@/lib/outcomes/schema";
import { newAccountWithToken } from "./harness";

// An account with calls through two engines of different providers (hosted Bolna and a self-hosted
// Bolna server) written by the one ingest with the product's hooks (so engine outcomes land too),
// calls imported from a file (no engine), and a second account with an engine of its own: the
// fixture of the call log's engine filters and the summary narrowed by engine.

export const AGENT = "11111111-1111-4111-8111-111111111111";
export const RANGE = "from=2025-06-01&to=2025-06-02";

export interface EngineCall {
  sid: string; at: string; status: string; cost: number; duration: number; version: number;
  extra: Partial<CallExtras>;
  /** Statuses delivered before the final one (the call moves between rollup rows). */
  before?: string[];
}

export const HOSTED: EngineCall[] = [
  { sid: "h1", at: "2025-06-01T09:00:00.000Z", status: "completed", cost: 0.1, duration: 60, version: 1, extra: {
    cost_breakdown: { llm: 0.04, platform: 0.06 }, hangup_by: "Callee", hangup_reason: "Call recipient hung up",
    extracted_data: { success: true, sentiment: "positive", disposition: "booked" } } },
  { sid: "h2", at: "2025-06-01T10:00:00.000Z", status: "no-answer", cost: 0.01, duration: 0, version: 1, extra: {
    answered_by_voice_mail: true, cost_breakdown: { network: 0.01 } } },
  { sid: "h3", at: "2025-06-02T11:00:00.000Z", status: "completed", cost: 0.2, duration: 120, version: 2, before: ["ringing", "in-progress"], extra: {
    cost_breakdown: { llm: 0.1, synthesizer: 0.1 }, extracted_data: { success: false, sentiment: "negative", disposition: "callback" } } },
];
export const OWN: EngineCall[] = [
  { sid: "s1", at: "2025-06-01T12:00:00.000Z", status: "completed", cost: 0.05, duration: 90, version: 1, before: ["queued"], extra: {
    cost_breakdown: { network: 0.02, transcriber: 0.03 }, hangup_by: "Caller", hangup_reason: "hangup",
    extracted_data: { success: true, sentiment: "neutral", disposition: "booked" } } },
  { sid: "s2", at: "2025-06-02T13:00:00.000Z", status: "busy", cost: 0, duration: 0, version: 2, extra: {} },
];
export const IMPORTED = [
  { call_sid: "i1", created_at: "2025-06-01T08:00:00.000Z", status: "completed", cost: 0.3, duration: 30 },
  { call_sid: "i2", created_at: "2025-06-02T08:00:00.000Z", status: "rejected", cost: 0, duration: 0 },
];

const NO_EXTRAS: CallExtras = { summary: null, extracted_data: null, cost_breakdown: null, hangup_by: null, hangup_reason: null,
  answered_by_voice_mail: null, error_message: null, template_variables: null };

function report(c: EngineCall, engineId: string, status: string, n: number): ResolvedCall {
  return {
    call_sid: c.sid, remote_agent_id: "remote", agent_id: AGENT, name: "Front desk", engine_id: engineId, agent_version: c.version,
    from_number: "+14155550101", to_number: "+14155550199", duration: c.duration, recording_url: "", transcription: "",
    status, status_rank: statusRank(status), cost: c.cost, call_type: "outbound", created_at: c.at,
    updated_at: new Date(Date.parse(c.at) + n * 1000).toISOString(), extra: { ...NO_EXTRAS, ...c.extra },
  };
}

/** Every delivery of `c` through the ingest, as an engine would report it, with the product's hooks. */
export async function ingest(accountId: string, engineId: string, c: EngineCall) {
  const hooks = callHooks(AnalysisPlan.parse(ANALYSIS_PLAN_EXAMPLE));
  const statuses = [...(c.before ?? []), c.status];
  for (const [i, s] of statuses.entries()) await upsertCall(accountId, report(c, engineId, s, i), hooks);
}

export async function twoEngines() {
  const a = await newAccountWithToken("Two engines");
  const b = await newAccountWithToken("Other account");
  const hosted = (await createEngine(a.accountId, { name: "Hosted", provider: "bolna", base_url: "https://api.bolna.ai", api_key: "bn-hosted-0000000000" })).id;
  const own = (await createEngine(a.accountId, { name: "Own server", provider: "bolna-self-hosted", base_url: "https://bolna.example", api_key: "" })).id;
  const others = (await createEngine(b.accountId, { name: "B's", provider: "bolna", base_url: "https://api.bolna.ai", api_key: "bn-other-00000000000" })).id;
  for (const c of HOSTED) await ingest(a.accountId, hosted, c);
  for (const c of OWN) await ingest(a.accountId, own, c);
  await insertCalls(a.accountId, IMPORTED.map((c) => ({ ...c, agent_id: AGENT, name: "Front desk", from_number: "+14155550102",
    to_number: "+14155550199", recording_url: "", transcription: "", call_type: "inbound" })));
  await ingest(b.accountId, others, { ...HOSTED[0], sid: "b1" });
  return { a, b, hosted, own, others };
}

/** What the summary must say of these calls, computed from the fixture (the raw truth). */
export function expectedFigures(calls: { cost: number; duration: number; status: string; extra?: Partial<CallExtras> }[]) {
  const engine = calls.filter((c) => c.extra);
  const sum = (f: (c: (typeof calls)[number]) => number, of = calls) => of.reduce((n, c) => n + f(c), 0);
  const part = (k: string) => sum((c) => c.extra?.cost_breakdown?.[k] ?? 0, engine);
  const outcomes = calls.filter((c) => c.extra?.extracted_data);
  return {
    calls: calls.length, completed: calls.filter((c) => c.status === "completed").length, cost: sum((c) => c.cost), duration: sum((c) => c.duration),
    engine_calls: engine.length, voicemail: engine.filter((c) => c.extra?.answered_by_voice_mail).length,
    cost_by_component: { llm: part("llm"), network: part("network"), platform: part("platform"), synthesizer: part("synthesizer"), transcriber: part("transcriber") },
    hangups: engine.filter((c) => c.extra?.hangup_by).length,
    analyzed: outcomes.length, succeeded: outcomes.filter((c) => c.extra?.extracted_data?.success === true).length,
  };
}
