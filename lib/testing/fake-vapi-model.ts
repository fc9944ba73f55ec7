// What the fake Vapi (fake-vapi.ts) stores and checks: Call objects shaped as the SDK's `Call` type
// describes them (docs/vapi-retell.md; money in USD, times ISO 8601, transcript and recording under
// `artifact`), kept in one array sorted by createdAt so `GET /call` windows are binary searches.
// Seeded calls keep only what sorting and filtering need and are built when read, so a bench can
// seed 100,000 of them; every call is the same each time it is read (built from its sequence number).
import crypto from "node:crypto";

export type Json = Record<string, unknown>;
export type VapiCall = Json & { id: string; createdAt: string; updatedAt: string; status: string };

/** One stored call: `call` is set once it was added whole, placed or updated; otherwise it is built from `seq`. */
export interface CallRecord { id: string; at: number; seq: number; assistantId: string; phoneNumberId: string; call?: VapiCall }

export interface BuildContext { orgId: string; recordingBase: string }

/** Vapi's largest `limit` (its OpenAPI document) and its default. */
export const MAX_LIMIT = 1000;
export const DEFAULT_LIMIT = 100;
export const E164 = /^\+[1-9]\d{1,14}$/;

// A spread of real endings (answered, not answered, agent's, carrier's), taken in turn by sequence number.
const ENDINGS = [
  "customer-ended-call", "assistant-ended-call", "customer-ended-call", "customer-did-not-answer", "assistant-said-end-call-phrase",
  "voicemail", "customer-busy", "silence-timed-out", "assistant-forwarded-call", "twilio-failed-to-connect-call",
];
const UNANSWERED = new Set(["customer-did-not-answer", "customer-busy", "twilio-failed-to-connect-call"]);
const SCRIPT: [string, string][] = [
  ["bot", "Hi, this is Ava from Voxdesk. Is now a good time to talk?"],
  ["user", "Sure, what is it about?"],
  ["bot", "You asked for a callback about your order. Would you like to reschedule the delivery?"],
  ["user", "Yes, Thursday afternoon works better."],
  ["bot", "Done: Thursday between two and five. Anything else?"],
  ["user", "No, thanks. Bye."],
];

/** A stable unsigned number from a call's sequence number and a salt: the same call reads the same each time. */
const mix = (seq: number, salt: number) => (Math.imul(seq + 1, 2654435761) ^ Math.imul(salt + 7, 40503)) >>> 0;
const pick = (seq: number, salt: number, lo: number, hi: number) => lo + (mix(seq, salt) % (hi - lo + 1));
const usd = (n: number) => Math.round(n * 10_000) / 10_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A seeded call's times (ms) without building it: createdAt, startedAt, endedAt, updatedAt. */
export function seededTimes(r: CallRecord) {
  const ending = ENDINGS[r.seq % ENDINGS.length];
  const talk = UNANSWERED.has(ending) ? 0 : pick(r.seq, 1, 20, 300) * 1000;
  const startedAt = r.at + pick(r.seq, 2, 800, 3000);
  const endedAt = startedAt + (talk || 25_000);
  return { ending, talk, startedAt, endedAt, updatedAt: endedAt + pick(r.seq, 3, 2000, 9000) };
}

export const updatedAtOf = (r: CallRecord) => (r.call ? Date.parse(r.call.updatedAt) : seededTimes(r).updatedAt);

/** The whole Call as `GET /call/{id}` answers it. */
export function buildCall(r: CallRecord, ctx: BuildContext): VapiCall {
  if (r.call) return r.call;
  const t = seededTimes(r);
  const minutes = Math.round((t.endedAt - t.startedAt) / 60) / 1000;
  const turns = t.talk ? SCRIPT.slice(0, 2 + 2 * (r.seq % 3)) : [];
  let clock = t.startedAt + 600;
  const messages: Json[] = [{ role: "system", message: "You are Ava, a friendly scheduling assistant.", time: t.startedAt, secondsFromStart: 0 }];
  const turnLatencies: Json[] = [];
  for (const [i, [role, message]] of turns.entries()) {
    const duration = 900 + message.length * 45;
    messages.push({ role, message, time: clock, endTime: clock + duration, secondsFromStart: (clock - t.startedAt) / 1000, duration });
    if (role === "bot" && i > 0) {
      const l = { modelLatency: pick(r.seq, 10 + i, 250, 700), voiceLatency: pick(r.seq, 20 + i, 120, 400), transcriberLatency: pick(r.seq, 30 + i, 80, 250), endpointingLatency: pick(r.seq, 40 + i, 100, 500) };
      turnLatencies.push({ ...l, turnLatency: l.modelLatency + l.voiceLatency + l.transcriberLatency + l.endpointingLatency });
    }
    clock += duration + pick(r.seq, 50 + i, 400, 1500);
  }
  const transcript = turns.map(([role, m]) => `${role === "bot" ? "AI" : "User"}: ${m}`).join("\n");
  const ttsCharacters = turns.filter(([role]) => role === "bot").reduce((n, [, m]) => n + m.length, 0);
  const promptTokens = turns.length * 410, completionTokens = turns.length * 28;
  const parts = { transport: usd(minutes * 0.0085), stt: usd(minutes * 0.01), llm: usd((promptTokens * 0.15 + completionTokens * 0.6) / 1e6), tts: usd(ttsCharacters * 0.00003), vapi: usd(minutes * 0.05) };
  const total = usd(parts.transport + parts.stt + parts.llm + parts.tts + parts.vapi);
  const answered = t.talk > 0;
  const url = `${ctx.recordingBase}/${r.id}`;
  return {
    id: r.id, orgId: ctx.orgId, type: "outboundPhoneCall", status: "ended", endedReason: t.ending,
    createdAt: iso(r.at), updatedAt: iso(t.updatedAt), startedAt: iso(t.startedAt), endedAt: iso(t.endedAt),
    assistantId: r.assistantId, phoneNumberId: r.phoneNumberId,
    customer: { number: `+1415555${String(1000 + (r.seq % 9000)).padStart(4, "0")}` },
    phoneCallProvider: "twilio", phoneCallProviderId: `CA${r.id.replace(/-/g, "")}`,
    cost: total,
    costs: [
      { type: "transport", provider: "twilio", minutes, cost: parts.transport },
      { type: "transcriber", transcriber: { provider: "deepgram", model: "nova-2" }, minutes, cost: parts.stt },
      { type: "model", model: { provider: "openai", model: "gpt-4o-mini" }, promptTokens, completionTokens, cost: parts.llm },
      { type: "voice", voice: { provider: "11labs", voiceId: "burt" }, characters: ttsCharacters, cost: parts.tts },
      { type: "vapi", subType: "normal", minutes, cost: parts.vapi },
    ],
    costBreakdown: { ...parts, total, llmPromptTokens: promptTokens, llmCompletionTokens: completionTokens, ttsCharacters },
    artifact: {
      messages, transcript, ...(answered ? { recordingUrl: `${url}-mono.wav`, stereoRecordingUrl: `${url}-stereo.wav` } : {}),
      performanceMetrics: {
        turnLatencies,
        turnLatencyAverage: turnLatencies.length ? turnLatencies.reduce((n, l) => n + Number(l.turnLatency), 0) / turnLatencies.length : 0,
        numUserInterrupted: answered ? r.seq % 2 : 0, numAssistantInterrupted: answered ? r.seq % 3 : 0,
      },
    },
    analysis: answered
      ? { summary: "The customer moved the delivery to Thursday afternoon.", structuredData: { rescheduled: r.seq % 2 === 0, day: "Thursday" }, successEvaluation: r.seq % 4 === 0 ? "false" : "true" }
      : { summary: "The call did not reach the customer.", successEvaluation: "false" },
  };
}

/** First index whose time is >= t (or > t when `after`), in an array sorted by `at`. */
export function bound(records: { at: number }[], t: number, after = false): number {
  let lo = 0, hi = records.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (records[mid].at < t || (after && records[mid].at === t)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The window and filters of a `GET /call` or `GET /assistant` query, or the messages Vapi's validation would answer. */
export interface ListQuery { limit: number; from: number; to: number; updated: [number, number]; eq: Record<string, string> }

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

// The spec records no whitelisting of query parameters, so unknown ones are ignored rather than refused.
export function parseListQuery(q: URLSearchParams, eqKeys: readonly string[]): ListQuery | string[] {
  const errors: string[] = [];
  const out: ListQuery = { limit: DEFAULT_LIMIT, from: -Infinity, to: Infinity, updated: [-Infinity, Infinity], eq: {} };
  const limit = q.get("limit");
  if (limit !== null) {
    const n = Number(limit);
    if (limit.trim() === "" || !Number.isFinite(n)) errors.push("limit must be a number conforming to the specified constraints");
    else if (n > MAX_LIMIT) errors.push(`limit must not be greater than ${MAX_LIMIT}`);
    else if (n < 0) errors.push("limit must not be less than 0");
    else out.limit = Math.floor(n);
  }
  for (const field of ["createdAt", "updatedAt"] as const) {
    let lo = -Infinity, hi = Infinity; // inclusive bounds in ms
    for (const op of ["Gt", "Ge", "Lt", "Le"] as const) {
      const v = q.get(field + op);
      if (v === null) continue;
      const ms = Date.parse(v);
      if (!ISO_DATE.test(v) || Number.isNaN(ms)) {
        errors.push(`${field + op} must be a valid ISO 8601 date string`);
        continue;
      }
      if (op === "Gt") lo = Math.max(lo, ms + 1);
      if (op === "Ge") lo = Math.max(lo, ms);
      if (op === "Lt") hi = Math.min(hi, ms - 1);
      if (op === "Le") hi = Math.min(hi, ms);
    }
    if (field === "createdAt") [out.from, out.to] = [lo, hi];
    else out.updated = [lo, hi];
  }
  for (const key of eqKeys) {
    const v = q.get(key);
    if (v !== null) out.eq[key] = v;
  }
  return errors.length ? errors : out;
}

/** `GET /call`: newest first, the createdAt window found by binary search, the other filters read per call. */
export function listCalls(records: CallRecord[], q: ListQuery, ctx: BuildContext): VapiCall[] {
  const out: VapiCall[] = [];
  const [uLo, uHi] = q.updated;
  const byUpdated = uLo > -Infinity || uHi < Infinity;
  for (let i = bound(records, q.to, true) - 1; i >= 0 && records[i].at >= q.from && out.length < q.limit; i--) {
    const r = records[i];
    if ((q.eq.id && r.id !== q.eq.id) || (q.eq.assistantId && r.assistantId !== q.eq.assistantId) || (q.eq.phoneNumberId && r.phoneNumberId !== q.eq.phoneNumberId)) continue;
    if (byUpdated && (updatedAtOf(r) < uLo || updatedAtOf(r) > uHi)) continue;
    out.push(buildCall(r, ctx));
  }
  return out;
}

/** How a server message proves itself: `timestamp` (default now, in ms) replaces the HMAC's, e.g. an old one or seconds. */
export type VapiAuth = { bearer: string } | { xVapiSecret: string } | { hmac: string; timestamp?: number | string } | null;

/** The headers of a server message carrying `auth` as Vapi's credentials do (none for null). */
export function serverMessageHeaders(body: string, auth: VapiAuth): Record<string, string> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (auth && "bearer" in auth) headers.authorization = `Bearer ${auth.bearer}`;
  if (auth && "xVapiSecret" in auth) headers["x-vapi-secret"] = auth.xVapiSecret;
  if (auth && "hmac" in auth) {
    // The HMAC plan's defaults: x-timestamp, and x-signature = hex HMAC-SHA256 of "{timestamp}.{body}" keyed with
    // the secret. The spec leaves the timestamp's unit open: milliseconds here; `timestamp` sends seconds or an old one.
    const stamp = String(auth.timestamp ?? Date.now());
    headers["x-timestamp"] = stamp;
    headers["x-signature"] = crypto.createHmac("sha256", auth.hmac).update(`${stamp}.${body}`).digest("hex");
  }
  return headers;
}

/** What Vapi's validation of `POST /call` would say, naming each field; null when the body is well formed. */
export function createCallErrors(body: unknown): string[] | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return ["body must be a JSON object"];
  const b = body as Json;
  const errors: string[] = [];
  if ("customers" in b) errors.push("customers: batch calls are not modelled by this fake; send one customer");
  for (const key of ["assistantId", "phoneNumberId"]) {
    if (b[key] === undefined) errors.push(`${key} is required for an outbound phone call through a saved assistant`);
    else if (typeof b[key] !== "string") errors.push(`${key} must be a string`);
  }
  const customer = b.customer;
  if (typeof customer !== "object" || customer === null || Array.isArray(customer)) errors.push("customer must be an object");
  else if (typeof (customer as Json).number !== "string" || !E164.test((customer as Json).number as string)) {
    errors.push("customer.number must be a valid phone number in the E.164 format (e.g. +14155550123)");
  }
  const overrides = b.assistantOverrides;
  if (overrides !== undefined && (typeof overrides !== "object" || overrides === null || Array.isArray(overrides))) errors.push("assistantOverrides must be an object");
  const values = (overrides as Json | undefined)?.variableValues;
  if (values !== undefined && (typeof values !== "object" || values === null || Array.isArray(values))) errors.push("assistantOverrides.variableValues must be an object");
  return errors.length ? errors : null;
}
