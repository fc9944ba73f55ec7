// A fake of Vapi's API on 127.0.0.1 for the Vapi engine's tests (docs/vapi-retell.md): give `url`
// to `new VapiClient({ token: apiKey, baseUrl: url })`. Bearer key on every route (401 otherwise),
// calls listed as a bare array newest first with Vapi's `createdAt*`/`updatedAt*` windows, `POST
// /call` checked field by field, assistants and phone numbers. Errors take NestJS's `{message,
// error, statusCode}` shape (the spec does not record Vapi's; Voxdesk reads only the status). Vapi's side
// of a call's end is played by the test: server messages built from a stored call and posted with
// each credential Vapi can send (Bearer, legacy X-Vapi-Secret, HMAC), a wrong one, or none.
import crypto from "node:crypto";
import http from "node:http";
import { sendJson, startLoopbackServer, type LoopbackServer } from "./loopback-server";
import { bound, buildCall, createCallErrors, E164, listCalls, parseListQuery, serverMessageHeaders, type CallRecord, type Json, type VapiAuth, type VapiCall } from "./fake-vapi-model";

export type { VapiAuth, VapiCall } from "./fake-vapi-model";
export type VapiAssistant = Json & { id: string; orgId: string; name: string; createdAt: string; updatedAt: string };
export type VapiPhoneNumber = Json & { id: string; orgId: string; number: string; provider: string };
export interface Delivery { status: number; body: string; sent: { body: string; headers: Record<string, string> } }
export interface SeedOptions { from?: Date | string | number; to?: Date | string | number; assistantId?: string; phoneNumberId?: string }
type ServerMessage = { message: Json };

export interface FakeVapi {
  /** Base URL for the SDK's `baseUrl`. */
  readonly url: string;
  readonly apiKey: string;
  readonly orgId: string;
  readonly server: LoopbackServer;
  /** Seeded at start; the default of addCall and seedCalls. */
  readonly assistant: VapiAssistant;
  readonly phoneNumber: VapiPhoneNumber;
  readonly callCount: number;
  /** A whole ended call; `partial`'s top-level fields replace the built ones (undefined ones are left out of answers). */
  addCall(partial?: Partial<VapiCall>): VapiCall;
  /** `n` ended calls spread evenly over [from, to] (default the last 30 days), each at its own millisecond; answers the store's size. */
  seedCalls(n: number, opts?: SeedOptions): number;
  /** Merges `patch` into a stored call and moves its updatedAt on (for `updatedAtGt` syncs). */
  updateCall(id: string, patch: Partial<VapiCall>): VapiCall;
  call(id: string): VapiCall | undefined;
  addAssistant(opts?: { name?: string; createdAt?: string }): VapiAssistant;
  addPhoneNumber(number: string): VapiPhoneNumber;
  /** Every `POST /call` body accepted, with the id of the call it made. */
  placed(): { body: Json; id: string }[];
  /** Requests received per route, e.g. {"GET /call": 3, "POST /call": 1}, refused and failed ones included. */
  requests(): Record<string, number>;
  /** The next `times` requests (any route, before the key is checked) get this status and body. */
  failNext(status: number, body?: unknown, times?: number): void;
  /** A `status-update` message for a stored call; a status other than ended sends the call as it was in flight. */
  statusUpdate(callId: string, status?: string, extra?: Json): ServerMessage;
  /** An `end-of-call-report` message for a stored call. */
  endOfCallReport(callId: string, extra?: Json): ServerMessage;
  /** POSTs a server message (an object, or a raw string) as Vapi does; answers what the receiver said. */
  postServerMessage(url: string, message: unknown, auth?: VapiAuth): Promise<Delivery>;
  close(): Promise<void>;
}

const vapiError = (status: number, message: string | string[]) => ({ message, error: http.STATUS_CODES[status] ?? "Error", statusCode: status });
const toMs = (t: Date | string | number) => (t instanceof Date ? t.getTime() : typeof t === "number" ? t : Date.parse(t));
const json = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};
// What a call in flight does not have yet.
const END_FIELDS = ["endedAt", "endedReason", "cost", "costs", "costBreakdown", "artifact", "analysis"];

export async function startFakeVapi(opts: { apiKey?: string; port?: number; recordingBase?: string } = {}): Promise<FakeVapi> {
  const apiKey = opts.apiKey ?? crypto.randomUUID();
  const orgId = crypto.randomUUID();
  const ctx = { orgId, recordingBase: opts.recordingBase ?? "https://storage.vapi.example/recordings" };
  const records: CallRecord[] = [];
  const byId = new Map<string, CallRecord>();
  const assistants: VapiAssistant[] = [];
  const numbers = new Map<string, VapiPhoneNumber>();
  const placedCalls: { body: Json; id: string }[] = [];
  const counts = new Map<string, number>();
  const failures: { status: number; body: unknown }[] = [];
  let seq = 0;
  let lastAt = 0; // added and placed calls get increasing createdAt, so paging never meets a tie among them

  const insert = (r: CallRecord) => {
    records.splice(bound(records, r.at, true), 0, r);
    byId.set(r.id, r);
  };
  const nextAt = (t: number) => (lastAt = Math.max(t, lastAt + 1));
  const isoNow = () => new Date().toISOString();

  function addAssistant(o: { name?: string; createdAt?: string } = {}): VapiAssistant {
    const createdAt = o.createdAt ?? isoNow();
    const a: VapiAssistant = {
      id: crypto.randomUUID(), orgId, name: o.name ?? `Assistant ${assistants.length + 1}`, createdAt, updatedAt: createdAt,
      firstMessage: "Hi, this is Ava from Voxdesk.", model: { provider: "openai", model: "gpt-4o-mini" },
      voice: { provider: "11labs", voiceId: "burt" }, transcriber: { provider: "deepgram", model: "nova-2" },
    };
    assistants.splice(bound(assistants.map((x) => ({ at: Date.parse(x.createdAt) })), Date.parse(createdAt), true), 0, a);
    return a;
  }
  function addPhoneNumber(number: string): VapiPhoneNumber {
    if (!E164.test(number)) throw new Error(`addPhoneNumber: ${number} is not E.164`);
    const now = isoNow();
    const n: VapiPhoneNumber = { id: crypto.randomUUID(), orgId, provider: "twilio", number, name: `Line ${numbers.size + 1}`, status: "active", twilioAccountSid: `AC${crypto.randomBytes(16).toString("hex")}`, createdAt: now, updatedAt: now };
    numbers.set(n.id, n);
    return n;
  }
  const assistant = addAssistant({ name: "Ava (seeded)" });
  const phoneNumber = addPhoneNumber("+14155550100");

  const server = await startLoopbackServer((req, res, body) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const method = req.method ?? "GET";
    const parts = url.pathname.split("/").filter(Boolean);
    const route = parts.length === 2 ? `${method} /${parts[0]}/:id` : `${method} ${url.pathname}`;
    counts.set(route, (counts.get(route) ?? 0) + 1);
    const fail = (status: number, message: string | string[]) => sendJson(res, status, vapiError(status, message));
    const failure = failures.shift();
    if (failure) return sendJson(res, failure.status, failure.body ?? vapiError(failure.status, "Injected failure"));
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return fail(401, "Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.");
    }
    const payload = json(body);
    if (method === "POST" && payload === undefined) return fail(400, "Request body is not valid JSON");

    if (route === "GET /call" || route === "GET /assistant") {
      const q = parseListQuery(url.searchParams, route === "GET /call" ? ["id", "assistantId", "phoneNumberId"] : []);
      if (Array.isArray(q)) return fail(400, q);
      if (route === "GET /call") return sendJson(res, 200, listCalls(records, q, ctx));
      const within = (t: string, [lo, hi]: number[]) => Date.parse(t) >= lo && Date.parse(t) <= hi;
      const hits = assistants.filter((a) => within(a.createdAt, [q.from, q.to]) && within(a.updatedAt, q.updated));
      return sendJson(res, 200, hits.slice(Math.max(0, hits.length - q.limit)).reverse());
    }
    if (route === "GET /call/:id") {
      const r = byId.get(parts[1]);
      return r ? sendJson(res, 200, buildCall(r, ctx)) : fail(404, "Call not found");
    }
    if (route === "GET /assistant/:id") {
      const a = assistants.find((x) => x.id === parts[1]);
      return a ? sendJson(res, 200, a) : fail(404, "Assistant not found");
    }
    if (route === "GET /phone-number/:id") {
      const n = numbers.get(parts[1]);
      return n ? sendJson(res, 200, n) : fail(404, "Phone Number not found");
    }
    if (route === "POST /call") {
      const errors = createCallErrors(payload);
      if (errors) return fail(400, errors);
      const b = payload as Json;
      if (!assistants.some((a) => a.id === b.assistantId)) return fail(400, [`assistantId ${String(b.assistantId)} does not exist`]);
      if (!numbers.has(String(b.phoneNumberId))) return fail(400, [`phoneNumberId ${String(b.phoneNumberId)} does not exist`]);
      const at = nextAt(Date.now());
      const id = crypto.randomUUID();
      const call: VapiCall = {
        id, orgId, type: "outboundPhoneCall", status: "queued", createdAt: new Date(at).toISOString(), updatedAt: new Date(at).toISOString(),
        assistantId: String(b.assistantId), phoneNumberId: String(b.phoneNumberId), customer: b.customer,
        ...(b.assistantOverrides ? { assistantOverrides: b.assistantOverrides } : {}), phoneCallProvider: "twilio", phoneCallTransport: "pstn",
      };
      insert({ id, at, seq: seq++, assistantId: String(b.assistantId), phoneNumberId: String(b.phoneNumberId), call });
      placedCalls.push({ body: b, id });
      return sendJson(res, 201, call);
    }
    fail(404, `Cannot ${method} ${url.pathname}`);
  }, { port: opts.port });

  const stored = (id: string) => {
    const r = byId.get(id);
    if (!r) throw new Error(`fake Vapi: no call ${id}`);
    return r;
  };
  const partyFields = (call: VapiCall) => ({
    customer: call.customer, assistant: assistants.find((a) => a.id === call.assistantId) ?? { id: call.assistantId },
    phoneNumber: numbers.get(String(call.phoneNumberId)) ?? { id: call.phoneNumberId }, timestamp: Date.now(),
  });

  return {
    url: server.origin, apiKey, orgId, server, assistant, phoneNumber, addAssistant, addPhoneNumber,
    get callCount() {
      return records.length;
    },
    addCall(partial = {}) {
      const at = partial.createdAt ? Date.parse(partial.createdAt) : nextAt(Date.now() - 15 * 60_000);
      const r: CallRecord = { id: partial.id ?? crypto.randomUUID(), at, seq: seq++, assistantId: assistant.id, phoneNumberId: phoneNumber.id };
      if (typeof partial.assistantId === "string") r.assistantId = partial.assistantId;
      if (typeof partial.phoneNumberId === "string") r.phoneNumberId = partial.phoneNumberId;
      r.call = { ...buildCall(r, ctx), ...partial } as VapiCall;
      insert(r);
      return r.call;
    },
    seedCalls(n, o = {}) {
      const from = toMs(o.from ?? Date.now() - 30 * 86_400_000), to = toMs(o.to ?? Date.now() - 3_600_000);
      if (n > 1 && to - from < n - 1) throw new Error("seedCalls: [from, to] must hold n distinct milliseconds");
      const step = n > 1 ? (to - from) / (n - 1) : 0;
      const assistantId = o.assistantId ?? assistant.id, phoneNumberId = o.phoneNumberId ?? phoneNumber.id;
      const fresh = Array.from({ length: n }, (_, i): CallRecord => ({ id: crypto.randomUUID(), at: Math.round(from + i * step), seq: seq++, assistantId, phoneNumberId }));
      const sorted = !records.length || records[records.length - 1].at <= from;
      records.push(...fresh);
      if (!sorted) records.sort((a, b) => a.at - b.at);
      for (const r of fresh) byId.set(r.id, r);
      return records.length;
    },
    updateCall(id, patch) {
      const r = stored(id);
      const before = buildCall(r, ctx);
      const updatedAt = new Date(Math.max(Date.now(), Date.parse(before.updatedAt) + 1)).toISOString();
      r.call = { ...before, ...patch, updatedAt: patch.updatedAt ?? updatedAt } as VapiCall;
      if (typeof r.call.assistantId === "string") r.assistantId = r.call.assistantId;
      if (Date.parse(r.call.createdAt) !== r.at) {
        records.splice(records.indexOf(r), 1);
        r.at = Date.parse(r.call.createdAt);
        insert(r);
      }
      return r.call;
    },
    call: (id) => (byId.has(id) ? buildCall(byId.get(id)!, ctx) : undefined),
    placed: () => placedCalls.map((p) => ({ ...p })),
    requests: () => Object.fromEntries(counts),
    failNext(status, body, times = 1) {
      for (let i = 0; i < times; i++) failures.push({ status, body });
    },
    statusUpdate(callId, status = "ended", extra = {}) {
      const full = buildCall(stored(callId), ctx);
      const call: Json = { ...full, status };
      if (status !== "ended") for (const k of END_FIELDS) delete call[k];
      return { message: { type: "status-update", status, ...(status === "ended" ? { endedReason: full.endedReason } : {}), call, ...partyFields(full), ...extra } };
    },
    endOfCallReport(callId, extra = {}) {
      const call = buildCall(stored(callId), ctx);
      const { endedReason, cost, costs, artifact, analysis, startedAt, endedAt } = call;
      return { message: { type: "end-of-call-report", endedReason, cost, costs, artifact, analysis, startedAt, endedAt, call, ...partyFields(call), ...extra } };
    },
    async postServerMessage(url, message, auth = null) {
      const text = typeof message === "string" ? message : JSON.stringify(message);
      const headers = serverMessageHeaders(text, auth);
      // Vapi waits 20 s for a server (its Server's timeoutSeconds default) and does not retry by default.
      const res = await fetch(url, { method: "POST", headers, body: text, signal: AbortSignal.timeout(20_000) });
      return { status: res.status, body: await res.text(), sent: { body: text, headers } };
    },
    close: () => server.close(),
  };
}
