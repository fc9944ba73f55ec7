// A fake of Retell's API on 127.0.0.1 for the Retell engine's tests (docs/vapi-retell.md): give `url`
// to `new Retell({ apiKey, baseURL: url })`. Bearer key on every route (401 otherwise), `POST
// /v3/list-calls` with typed filters and opaque pagination keys (items without transcripts or
// recording, as v3 answers them), the whole call from `GET /v2/get-call/{id}`, `POST
// /v2/create-phone-call` checked field by field, `POST /v2/list-agents` as the SDK calls it. The spec
// records no error body: errors are `{message}`, which is what the SDK's error text reads. Retell's
// webhooks are played by the test: `{event, call}` signed by the SDK's own sign() with the API key,
// or with another key, an old timestamp, a raw header, or none.
import crypto from "node:crypto";
import { sign } from "retell-sdk";
import { sendJson, startLoopbackServer, type LoopbackServer } from "./loopback-server";
import {
  bound, buildCall, byKey, createPhoneCallError, decodeKey, E164, encodeKey, listCalls, newCallId, omit, parseListCalls,
  type CallRecord, type Json, type RetellAgent, type RetellCall,
} from "./fake-retell-model";

export type { RetellAgent, RetellCall } from "./fake-retell-model";
export type RetellEvent = "call_started" | "call_ended" | "call_analyzed" | "transcript_updated" | "transfer_started" | "transfer_bridged" | "transfer_cancelled" | "transfer_ended";
/** `signWith`: the key to sign with (default the fake's API key; another key forges), false for no header. `timestamp`: sign as of then (ms; an old one is a replay). `signature`: send this header as is. `body`: send these bytes instead of the event (signed all the same). */
export interface EventOptions { signWith?: string | false; timestamp?: number; signature?: string; body?: string }
export interface Delivery { status: number; body: string; sent: { body: string; headers: Record<string, string> } }
export interface SeedOptions { from?: Date | string | number; to?: Date | string | number; agentId?: string; fromNumber?: string }

export interface FakeRetell {
  /** Base URL for the SDK's `baseURL`. */
  readonly url: string;
  readonly apiKey: string;
  readonly server: LoopbackServer;
  /** Seeded at start: the default agent, and an owned number whose outbound agent it is. */
  readonly agent: RetellAgent;
  readonly fromNumber: string;
  readonly callCount: number;
  /** A whole ended call; `partial`'s top-level fields replace the built ones (start_timestamp places it in the order). */
  addCall(partial?: Partial<RetellCall>): RetellCall;
  /** `n` calls started evenly over [from, to] (default the last 30 days), each at its own millisecond; answers the store's size. */
  seedCalls(n: number, opts?: SeedOptions): number;
  /** Merges `patch` into a stored call (e.g. a placed call moving on to ongoing, then ended). */
  updateCall(id: string, patch: Partial<RetellCall>): RetellCall;
  call(id: string): RetellCall | undefined;
  addAgent(opts?: { agent_name?: string; version?: number }): RetellAgent;
  /** A number bought or imported into Retell: create-phone-call may dial from it (its outbound agent, or null for none). */
  addNumber(number: string, outboundAgentId?: string | null): void;
  /** Every create-phone-call body accepted, with the call_id it made. */
  placed(): { body: Json; id: string }[];
  /** Requests received per route, e.g. {"POST /v3/list-calls": 3}, refused and failed ones included. */
  requests(): Record<string, number>;
  /** The next `times` requests (any route, before the key is checked) get this status and body. */
  failNext(status: number, body?: unknown, times?: number): void;
  /** The webhook body for a stored call (or a call object): call_started without the end, call_ended without call_analysis, call_analyzed whole. */
  event(event: RetellEvent, call: string | RetellCall): { event: RetellEvent; call: Json };
  /** POSTs `event(...)` with x-retell-signature as `opts` say; answers what the receiver said. */
  postEvent(url: string, event: RetellEvent, call: string | RetellCall, opts?: EventOptions): Promise<Delivery>;
  close(): Promise<void>;
}

const toMs = (t: Date | string | number) => (t instanceof Date ? t.getTime() : typeof t === "number" ? t : Date.parse(t));
const json = (text: string): unknown => {
  if (text === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};
/** The largest page of list-agents served, and its default (the spec records neither; Voxdesk asks for 1000). */
const MAX_AGENTS = 1000;
// What a call in flight (call_started) does not have yet.
const END_FIELDS = ["end_timestamp", "duration_ms", "disconnection_reason", "call_cost", "call_analysis", "transcript", "transcript_object", "transcript_with_tool_calls", "recording_url", "latency", "llm_token_usage", "public_log_url"];

export async function startFakeRetell(opts: { apiKey?: string; port?: number; recordingBase?: string } = {}): Promise<FakeRetell> {
  const apiKey = opts.apiKey ?? `key_${crypto.randomBytes(14).toString("hex")}`;
  const agents = new Map<string, RetellAgent>();
  const ctx = { agents, recordingBase: opts.recordingBase ?? "https://recordings.retell.example" };
  const records: CallRecord[] = [];
  const byId = new Map<string, CallRecord>();
  const numbers = new Map<string, string | null>();
  const placedCalls: { body: Json; id: string }[] = [];
  const counts = new Map<string, number>();
  const failures: { status: number; body: unknown }[] = [];
  let seq = 0, lastAt = 0;
  const nextAt = (t: number) => (lastAt = Math.max(t, lastAt + 1));
  const insert = (r: CallRecord) => {
    records.splice(bound(records, r.at, r.id), 0, r);
    byId.set(r.id, r);
  };

  function addAgent(o: { agent_name?: string; version?: number } = {}): RetellAgent {
    const a: RetellAgent = { agent_id: `agent_${crypto.randomBytes(13).toString("hex")}`, agent_name: o.agent_name ?? `Agent ${agents.size + 1}`, channel: "voice", version: o.version ?? 1, last_modification_timestamp: Date.now() };
    agents.set(a.agent_id, a);
    return a;
  }
  function addNumber(number: string, outboundAgentId: string | null = agent.agent_id) {
    if (!E164.test(number)) throw new Error(`addNumber: ${number} is not E.164`);
    numbers.set(number, outboundAgentId);
  }
  const agent = addAgent({ agent_name: "Sam (seeded)" });
  const fromNumber = "+14155550100";
  addNumber(fromNumber);

  const server = await startLoopbackServer((req, res, body) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const method = req.method ?? "GET";
    const getCall = method === "GET" && url.pathname.startsWith("/v2/get-call/");
    const route = getCall ? "GET /v2/get-call/:call_id" : `${method} ${url.pathname}`;
    counts.set(route, (counts.get(route) ?? 0) + 1);
    const fail = (status: number, message: string) => sendJson(res, status, { message });
    const failure = failures.shift();
    if (failure) return sendJson(res, failure.status, failure.body ?? { message: "Injected failure" });
    if (req.headers.authorization !== `Bearer ${apiKey}`) return fail(401, "Invalid API Key");
    const payload = json(body);
    if (method === "POST" && payload === undefined) return fail(400, "Request body is not valid JSON");

    if (getCall) {
      const r = byId.get(decodeURIComponent(url.pathname.slice("/v2/get-call/".length)));
      return r ? sendJson(res, 200, buildCall(r, ctx)) : fail(404, "Call not found");
    }
    if (route === "POST /v3/list-calls") {
      const parsed = parseListCalls(payload, (key) => {
        const k = decodeKey(key);
        return k && typeof k.at === "number" && typeof k.id === "string" ? { at: k.at, id: k.id } : null;
      });
      return typeof parsed === "string" ? fail(400, parsed) : sendJson(res, 200, listCalls(records, parsed, ctx));
    }
    if (route === "POST /v2/list-agents") {
      // The SDK sends limit, pagination_key and sort_order in the query and filter_criteria in the body.
      const q = url.searchParams;
      const limit = q.has("limit") ? Number(q.get("limit")) : MAX_AGENTS;
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_AGENTS) return fail(400, `limit must be an integer from 1 to ${MAX_AGENTS}`);
      const sorted = [...agents.values()];
      if (q.get("sort_order") !== "ascending") sorted.reverse();
      const after = q.has("pagination_key") ? decodeKey(q.get("pagination_key")!)?.after : undefined;
      if (q.has("pagination_key") && typeof after !== "string") return fail(400, "pagination_key is invalid");
      const rest = after ? sorted.slice(sorted.findIndex((a) => a.agent_id === after) + 1) : sorted;
      const items = rest.slice(0, limit).map((a) => ({ agent_id: a.agent_id, agent_name: a.agent_name, channel: a.channel, tags: {}, user_modified_timestamp: a.last_modification_timestamp }));
      const more = rest.length > limit;
      return sendJson(res, 200, { items, has_more: more, ...(more ? { pagination_key: encodeKey({ after: items[items.length - 1].agent_id }) } : {}) });
    }
    if (route === "POST /v2/create-phone-call") {
      const err = createPhoneCallError(payload);
      if (err) return fail(400, err);
      const b = payload as Json;
      if (!numbers.has(b.from_number as string)) return fail(404, `from_number ${String(b.from_number)} is not a number of this account (buy or import it into Retell first)`);
      const agentId = (b.override_agent_id as string | undefined) ?? numbers.get(b.from_number as string);
      if (!agentId) return fail(400, `from_number ${String(b.from_number)} has no outbound agent: pass override_agent_id`);
      const a = agents.get(agentId);
      if (!a) return fail(404, `override_agent_id ${agentId} not found`);
      const id = newCallId();
      const call: RetellCall = {
        call_id: id, agent_id: a.agent_id, agent_version: b.override_agent_version === undefined ? a.version : Number(b.override_agent_version), agent_name: a.agent_name,
        call_type: "phone_call", direction: "outbound", from_number: b.from_number as string, to_number: b.to_number as string, call_status: "registered",
        retell_llm_dynamic_variables: (b.retell_llm_dynamic_variables as Json | undefined) ?? {}, metadata: b.metadata ?? {},
        ...(b.custom_sip_headers ? { custom_sip_headers: b.custom_sip_headers } : {}), latency: {},
      };
      insert({ id, at: nextAt(Date.now()), seq: seq++, agentId: a.agent_id, from: call.from_number, call });
      placedCalls.push({ body: b, id });
      return sendJson(res, 201, call);
    }
    fail(404, `No route ${method} ${url.pathname}`);
  }, { port: opts.port });

  const stored = (id: string) => {
    const r = byId.get(id);
    if (!r) throw new Error(`fake Retell: no call ${id}`);
    return r;
  };
  const eventBody = (event: RetellEvent, c: string | RetellCall) => {
    const full: Json = typeof c === "string" ? buildCall(stored(c), ctx) : c;
    const call = event === "call_started" ? { ...omit(full, END_FIELDS), call_status: "ongoing" } : event === "call_analyzed" ? full : omit(full, ["call_analysis"]);
    return { event, call };
  };

  return {
    url: server.origin, apiKey, server, agent, fromNumber, addAgent, addNumber,
    get callCount() {
      return records.length;
    },
    addCall(partial = {}) {
      const at = typeof partial.start_timestamp === "number" ? partial.start_timestamp : nextAt(Date.now() - 15 * 60_000);
      const r: CallRecord = { id: partial.call_id ?? newCallId(), at, seq: seq++, agentId: partial.agent_id ?? agent.agent_id, from: partial.from_number ?? fromNumber };
      r.call = { ...buildCall(r, ctx), ...partial } as RetellCall;
      insert(r);
      return r.call;
    },
    seedCalls(n, o = {}) {
      const from = toMs(o.from ?? Date.now() - 30 * 86_400_000), to = toMs(o.to ?? Date.now() - 3_600_000);
      if (n > 1 && to - from < n - 1) throw new Error("seedCalls: [from, to] must hold n distinct milliseconds");
      const step = n > 1 ? (to - from) / (n - 1) : 0;
      const agentId = o.agentId ?? agent.agent_id, number = o.fromNumber ?? fromNumber;
      const fresh = Array.from({ length: n }, (_, i): CallRecord => ({ id: newCallId(), at: Math.round(from + i * step), seq: seq++, agentId, from: number }));
      records.push(...fresh);
      records.sort(byKey);
      for (const r of fresh) byId.set(r.id, r);
      return records.length;
    },
    updateCall(id, patch) {
      const r = stored(id);
      r.call = { ...buildCall(r, ctx), ...patch } as RetellCall;
      const at = typeof r.call.start_timestamp === "number" ? r.call.start_timestamp : r.at;
      if (at !== r.at) {
        records.splice(records.indexOf(r), 1);
        r.at = at;
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
    event: eventBody,
    async postEvent(url, event, call, o = {}) {
      const text = o.body ?? JSON.stringify(eventBody(event, call));
      const headers: Record<string, string> = { "content-type": "application/json" };
      const key = o.signWith ?? apiKey;
      if (o.signature !== undefined) headers["x-retell-signature"] = o.signature;
      else if (key !== false && o.timestamp !== undefined) {
        // The SDK's format by hand, for a chosen time: v=<ms>,d=<hex HMAC-SHA256(key, body + ms)>.
        headers["x-retell-signature"] = `v=${o.timestamp},d=${crypto.createHmac("sha256", key).update(text + o.timestamp).digest("hex")}`;
      } else if (key !== false) headers["x-retell-signature"] = await sign(text, key);
      // Retell waits 10 s for an answer (webhook_timeout_ms); retries are the test's to play.
      const res = await fetch(url, { method: "POST", headers, body: text, signal: AbortSignal.timeout(10_000) });
      return { status: res.status, body: await res.text(), sent: { body: text, headers } };
    },
    close: () => server.close(),
  };
}
