// What the fake Retell (fake-retell.ts) stores and checks: phone calls shaped as the SDK's
// `PhoneCallResponse` (docs/vapi-retell.md; times in epoch ms, money in cents, word times in seconds
// of call audio), kept in one array sorted by (start time, call_id) so list windows are binary
// searches and pagination keys are positions that survive inserts. Seeded calls keep only what
// sorting and filtering need and are built when read, each the same every time.
import crypto from "node:crypto";

export type Json = Record<string, unknown>;
export type RetellCall = Json & { call_id: string; agent_id: string; call_status: string; from_number: string; to_number: string };
export type RetellAgent = Json & { agent_id: string; agent_name: string; channel: "voice"; version: number };

/** One stored call: `at` is start_timestamp (or, for a registered call, when it was placed); `call` is set once it was added whole, placed or updated. */
export interface CallRecord { id: string; at: number; seq: number; agentId: string; from: string; call?: RetellCall }
export interface BuildContext { agents: Map<string, RetellAgent>; recordingBase: string }

export const E164 = /^\+[1-9]\d{1,14}$/;
export const MAX_LIMIT = 1000;
export const DEFAULT_LIMIT = 50;

const REASONS = ["user_hangup", "agent_hangup", "user_hangup", "dial_no_answer", "voicemail_reached", "dial_busy", "inactivity", "call_transfer", "agent_hangup", "dial_failed"];
const NOT_CONNECTED = new Set(["dial_no_answer", "dial_busy", "dial_failed"]);
const SCRIPT: [string, string][] = [
  ["agent", "Hi, this is Sam from Voxdesk. Do you have a minute?"],
  ["user", "Yes, go ahead."],
  ["agent", "Your appointment is tomorrow at ten. Shall I keep it?"],
  ["user", "Please move it to Friday morning."],
  ["agent", "Done, Friday at nine. Have a good day."],
  ["user", "Thanks, bye."],
];
const SENTIMENTS = ["Positive", "Neutral", "Negative", "Positive"] as const;

const mix = (seq: number, salt: number) => (Math.imul(seq + 1, 2654435761) ^ Math.imul(salt + 7, 40503)) >>> 0;
const pick = (seq: number, salt: number, lo: number, hi: number) => lo + (mix(seq, salt) % (hi - lo + 1));
const round = (n: number, d = 3) => Math.round(n * 10 ** d) / 10 ** d;
export const newCallId = () => `call_${crypto.randomBytes(14).toString("hex")}`;

/** Nearest-rank percentiles and the rest of Retell's latency summary, in ms. */
function summary(values: number[]): Json {
  const s = [...values].sort((a, b) => a - b);
  const p = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  return { p50: p(0.5), p90: p(0.9), p95: p(0.95), p99: p(0.99), max: s[s.length - 1], min: s[0], num: s.length, values };
}

/** The whole call as `GET /v2/get-call/{call_id}` answers it. */
export function buildCall(r: CallRecord, ctx: BuildContext): RetellCall {
  if (r.call) return r.call;
  const agent = ctx.agents.get(r.agentId);
  const reason = REASONS[r.seq % REASONS.length];
  const connected = !NOT_CONNECTED.has(reason);
  const duration = connected ? pick(r.seq, 1, 20, 300) * 1000 : 0;
  const turns = connected ? SCRIPT.slice(0, reason === "voicemail_reached" ? 1 : 2 + 2 * (r.seq % 3)) : [];
  let clock = 0.4;
  const transcriptObject = turns.map(([role, content], i) => {
    const words = content.split(" ").map((word) => {
      const w = { word, start: round(clock), end: round(clock + 0.05 * word.length + 0.1) };
      clock = w.end + 0.08;
      return w;
    });
    clock += pick(r.seq, 10 + i, 6, 15) / 10;
    return { role, content, words };
  });
  const e2e = turns.flatMap(([role], i) => (role === "agent" && i > 0 ? [pick(r.seq, 20 + i, 600, 1800)] : []));
  const seconds = Math.ceil(duration / 1000);
  const products = [
    { product: "elevenlabs_tts", unit_price: 0.1166667 }, { product: "gpt_4o_mini", unit_price: 0.0066667 },
    { product: "retell_platform", unit_price: 0.0166667 }, { product: "us_twilio_telephony", unit_price: 0.0166667 },
  ].map((p) => ({ ...p, cost: round(p.unit_price * seconds, 4) }));
  const analysis = {
    call_summary: connected ? "The customer moved the appointment to Friday at nine." : "The call did not connect.",
    call_successful: connected && reason !== "voicemail_reached" && r.seq % 4 !== 0, user_sentiment: connected ? SENTIMENTS[r.seq % 4] : "Unknown",
    in_voicemail: reason === "voicemail_reached", custom_analysis_data: connected ? { rescheduled: true, new_day: "Friday" } : {},
  };
  return {
    call_id: r.id, agent_id: r.agentId, agent_version: agent?.version ?? 1, agent_name: agent?.agent_name ?? "Agent",
    call_type: "phone_call", direction: "outbound", from_number: r.from, to_number: `+1415555${String(1000 + (r.seq % 9000)).padStart(4, "0")}`,
    call_status: connected ? "ended" : "not_connected", start_timestamp: r.at, end_timestamp: r.at + (duration || pick(r.seq, 2, 15, 30) * 1000), duration_ms: duration,
    disconnection_reason: reason, transcript: turns.map(([role, c]) => `${role === "agent" ? "Agent" : "User"}: ${c}`).join("\n"),
    transcript_object: transcriptObject, transcript_with_tool_calls: transcriptObject,
    ...(connected ? { recording_url: `${ctx.recordingBase}/${r.id}/recording.wav` } : {}), public_log_url: `${ctx.recordingBase}/${r.id}/public.log`,
    call_cost: { combined_cost: round(products.reduce((n, p) => n + p.cost, 0), 4), product_costs: products, total_duration_seconds: seconds, total_duration_unit_price: round(products.reduce((n, p) => n + p.unit_price, 0), 7) },
    call_analysis: analysis,
    latency: e2e.length ? { e2e: summary(e2e), llm: summary(e2e.map((v) => Math.round(v * 0.45))) } : {},
    llm_token_usage: { values: turns.map((_, i) => 900 + 60 * i), average: 900 + 30 * Math.max(0, turns.length - 1), num_requests: turns.length },
    telephony_identifier: { twilio_call_sid: `CA${r.id.slice(5)}${"0".repeat(4)}` },
    retell_llm_dynamic_variables: { customer_name: `Customer ${r.seq}` }, metadata: {},
  };
}

/** First index at or after (t, id) in the (at, id) order; `after` skips that key itself. */
export function bound(records: CallRecord[], t: number, id = "", after = false): number {
  let lo = 0, hi = records.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const m = records[mid];
    const less = m.at < t || (m.at === t && (m.id < id || (after && m.id === id)));
    if (less) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
export const byKey = (a: CallRecord, b: CallRecord) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** A checked `POST /v3/list-calls` body: matchers from filter_criteria, the start_timestamp window for the binary search. */
export interface ListRequest { limit: number; ascending: boolean; skip: number; total: boolean; key?: { at: number; id: string }; window: [number, number]; tests: ((c: RetellCall) => boolean)[] }

const NUMBER_OPS: Record<string, (v: number, x: number) => boolean> = { eq: (v, x) => v === x, ne: (v, x) => v !== x, gt: (v, x) => v > x, ge: (v, x) => v >= x, lt: (v, x) => v < x, le: (v, x) => v <= x };
const NUMBER_FIELDS = ["start_timestamp", "end_timestamp", "duration_ms"];
const ENUM_FIELDS = ["call_status", "direction", "disconnection_reason", "call_type"];
const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Reads filter_criteria in the typed form of the SDK's CallListParams: number fields take `{type: "number", op,
 * value}` or `{type: "range", op: "bt", value: [lo, hi]}` (both ends included); enum fields `{type: "enum", op: "in",
 * value: [...]}`; `agent` a list of `{agent_id, version?}` (OR). Retell filters more fields than these; the fake
 * refuses the others rather than ignore them, so a test never trusts a filter that was not applied.
 */
export function parseListCalls(body: unknown, cursor: (key: string) => { at: number; id: string } | null): ListRequest | string {
  if (!isObj(body)) return "Request body must be a JSON object";
  const req: ListRequest = { limit: DEFAULT_LIMIT, ascending: false, skip: 0, total: body.include_total === true, window: [-Infinity, Infinity], tests: [] };
  if (body.limit !== undefined) {
    if (!Number.isInteger(body.limit) || (body.limit as number) < 1) return "limit must be a positive integer";
    if ((body.limit as number) > MAX_LIMIT) return `limit must be less than or equal to ${MAX_LIMIT}`;
    req.limit = body.limit as number;
  }
  if (body.sort_order !== undefined && body.sort_order !== "ascending" && body.sort_order !== "descending") return "sort_order must be one of ascending, descending";
  req.ascending = body.sort_order === "ascending";
  if (body.skip !== undefined && (!Number.isInteger(body.skip) || (body.skip as number) < 0)) return "skip must be a non-negative integer";
  req.skip = (body.skip as number | undefined) ?? 0;
  if (body.include_total !== undefined && typeof body.include_total !== "boolean") return "include_total must be a boolean";
  if (body.pagination_key !== undefined) {
    const key = typeof body.pagination_key === "string" ? cursor(body.pagination_key) : null;
    if (!key) return "pagination_key is invalid";
    req.key = key;
  }
  const f = body.filter_criteria;
  if (f === undefined) return req;
  if (!isObj(f)) return "filter_criteria must be an object";
  for (const [field, spec] of Object.entries(f)) {
    const where = `filter_criteria.${field}`;
    if (NUMBER_FIELDS.includes(field)) {
      if (!isObj(spec)) return `${where} must be a number or range filter`;
      if (spec.type === "range" && spec.op === "bt" && Array.isArray(spec.value) && spec.value.length === 2 && spec.value.every((v) => typeof v === "number")) {
        const [lo, hi] = spec.value as number[];
        req.tests.push((c) => typeof c[field] === "number" && (c[field] as number) >= lo && (c[field] as number) <= hi);
        if (field === "start_timestamp") req.window = [Math.max(req.window[0], lo), Math.min(req.window[1], hi)];
      } else if (spec.type === "number" && typeof spec.op === "string" && NUMBER_OPS[spec.op] && typeof spec.value === "number") {
        const [op, x] = [NUMBER_OPS[spec.op], spec.value];
        req.tests.push((c) => typeof c[field] === "number" && op(c[field] as number, x));
      } else return `${where} must be {type: "number", op: eq|ne|gt|ge|lt|le, value: number} or {type: "range", op: "bt", value: [from, to]}`;
    } else if (ENUM_FIELDS.includes(field)) {
      if (!isObj(spec) || spec.type !== "enum" || spec.op !== "in" || !Array.isArray(spec.value)) return `${where} must be {type: "enum", op: "in", value: [...]}`;
      const allowed = new Set(spec.value);
      req.tests.push((c) => allowed.has(c[field]));
    } else if (field === "agent") {
      if (!Array.isArray(spec) || !spec.every((a) => isObj(a) && typeof a.agent_id === "string")) return `${where} must be a list of {agent_id, version?}`;
      const agents = spec as { agent_id: string; version?: number[] }[];
      req.tests.push((c) => agents.some((a) => a.agent_id === c.agent_id && (!a.version?.length || a.version.includes(c.agent_version as number))));
    } else return `${where} is not modelled by this fake (it filters start_timestamp, end_timestamp, duration_ms, ${ENUM_FIELDS.join(", ")}, agent)`;
  }
  return req;
}

/** What Retell's validation of `POST /v2/create-phone-call` would say about the body's shape, naming the field. */
export function createPhoneCallError(body: unknown): string | null {
  if (!isObj(body)) return "Request body must be a JSON object";
  for (const key of ["from_number", "to_number"]) {
    if (typeof body[key] !== "string") return `${key} is required and must be a string`;
  }
  if (!E164.test(body.from_number as string)) return "from_number must be a valid E.164 phone number";
  if (body.ignore_e164_validation !== true && !E164.test(body.to_number as string)) return "to_number must be a valid E.164 phone number";
  if (body.override_agent_id !== undefined && typeof body.override_agent_id !== "string") return "override_agent_id must be a string";
  const version = body.override_agent_version;
  if (version !== undefined && typeof version !== "number" && typeof version !== "string") return "override_agent_version must be a number or a string";
  for (const key of ["retell_llm_dynamic_variables", "custom_sip_headers"]) {
    const v = body[key];
    if (v === undefined) continue;
    if (!isObj(v)) return `${key} must be an object of string values`;
    const bad = Object.entries(v).find(([, x]) => typeof x !== "string");
    if (bad) return `${key}.${bad[0]} must be a string`;
  }
  return null;
}

/** What v3 list items leave out: fetch each call for them. */
export const LIST_OMITS = ["transcript", "transcript_object", "transcript_with_tool_calls", "recording_url"];
export const omit = (o: Json, keys: string[]) => Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));
// Pagination keys are opaque to callers: base64url JSON of where the page stopped.
export const encodeKey = (v: Json) => Buffer.from(JSON.stringify(v)).toString("base64url");
export function decodeKey(key: string): Json | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(key, "base64url").toString("utf8"));
    return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Json) : null;
  } catch {
    return null;
  }
}

/** `POST /v3/list-calls`: one page in start order, resumed after the key, the items without what v3 leaves out. */
export function listCalls(records: CallRecord[], req: ListRequest, ctx: BuildContext) {
  const [lo, hi] = req.window;
  const start = bound(records, lo), end = bound(records, Math.floor(hi) + 1);
  const matches = (r: CallRecord) => req.tests.every((t) => t(buildCall(r, ctx)));
  const items: Json[] = [];
  let skip = req.skip, more = false, last: CallRecord | undefined;
  // A key resumes just past the last item sent, wherever it now sits among inserted calls.
  const from = !req.key ? (req.ascending ? start : end - 1)
    : req.ascending ? Math.max(start, bound(records, req.key.at, req.key.id, true)) : Math.min(end, bound(records, req.key.at, req.key.id)) - 1;
  for (let i = from; i >= start && i < end; i += req.ascending ? 1 : -1) {
    const call = buildCall(records[i], ctx);
    if (!req.tests.every((t) => t(call))) continue;
    if (skip > 0) {
      skip--;
      continue;
    }
    if (items.length === req.limit) {
      more = true;
      break;
    }
    last = records[i];
    items.push(omit(call, LIST_OMITS));
  }
  const total = req.total ? (req.tests.length ? records.slice(start, end).filter(matches).length : end - start) : undefined;
  return { items, has_more: more, ...(more && last ? { pagination_key: encodeKey({ at: last.at, id: last.id }) } : {}), ...(total === undefined ? {} : { total }) };
}
