// A fake of Bolna's hosted API (../shared/spec/bolna-engine.md §2–4) on a real HTTP server bound
// to 127.0.0.1, for tests and the e2e suite. It checks what it receives as Bolna would
// (fake-bolna-rules.ts), stores agents and executions in memory, and posts execution objects to
// an agent's webhook_url the way Bolna does: one POST per status change, resends included.
import crypto from "node:crypto";
import { sendJson, startLoopbackServer, type LoopbackServer } from "./loopback-server";
import { agentError, callError } from "./fake-bolna-rules";

export type Execution = Record<string, unknown> & { id: string; agent_id: string; status: string; created_at: string };

export interface FakeBolna {
  readonly origin: string;
  readonly apiKey: string;
  readonly server: LoopbackServer;
  /** Agents as last received (POST or PUT body), by remote agent id. */
  readonly agents: Map<string, Record<string, unknown>>;
  readonly executions: Map<string, Execution>;
  /** Every POST /call body, in order. */
  readonly calls: Record<string, unknown>[];
  /** Adds an execution directly (as if placed elsewhere), for sync tests. */
  addExecution(e: Partial<Execution> & { agent_id: string }): Execution;
  /** Moves an execution to `status` (merging `fields`) and POSTs it to its agent's webhook_url. */
  advance(id: string, status: string, fields?: Record<string, unknown>): Promise<number>;
  /** POSTs the execution as it is now, again (Bolna resends). */
  resend(id: string): Promise<number>;
  /** POSTs an arbitrary older snapshot of the execution (a late, out-of-order delivery). */
  post(id: string, snapshot: Record<string, unknown>): Promise<number>;
  /** The next request is answered with this status and message (refusals we do not model, e.g. plan limits). */
  failNext(status: number, message: string): void;
  /** Sends the usual happy path: initiated, ringing, in-progress, call-disconnected, completed. */
  complete(id: string, final?: Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
}

const json = (body: string): unknown => {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
};

/** The final fields of a completed call, shaped like the facts document's example. */
export function completedFields(e: Execution, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const data = (e.context_details as { recipient_data?: Record<string, unknown> } | undefined)?.recipient_data ?? {};
  return {
    conversation_duration: 123.4,
    total_cost: 18.2,
    cost_breakdown: { llm: 4.2, network: 1.2, platform: 2, synthesizer: 6.8, transcriber: 4 },
    transcript: `assistant: Hi${data.first_name ? ` ${String(data.first_name)}` : ""}, this is Ava from Acme.\nuser: Hi!`,
    summary: "Booked a demo for Friday.",
    extracted_data: { interested: true },
    answered_by_voice_mail: false,
    error_message: null,
    telephony_data: {
      ...(e.telephony_data as Record<string, unknown>),
      duration: "125", recording_url: `https://recordings.example/${e.id}.mp3`, hangup_by: "Callee",
      hangup_reason: "Call recipient hung up", ring_duration: 7,
    },
    ...overrides,
  };
}

export async function startFakeBolna(opts: { apiKey?: string } = {}): Promise<FakeBolna> {
  const apiKey = opts.apiKey ?? `bn-${crypto.randomBytes(12).toString("hex")}`;
  const agents = new Map<string, Record<string, unknown>>();
  const executions = new Map<string, Execution>();
  const calls: Record<string, unknown>[] = [];

  let failure: { status: number; message: string } | null = null;
  const server = await startLoopbackServer((req, res, body) => {
    if (failure) {
      const f = failure;
      failure = null;
      return sendJson(res, f.status, { message: f.message });
    }
    if (req.headers.authorization !== `Bearer ${apiKey}`) return sendJson(res, 401, { message: "Invalid API key" });
    const url = new URL(req.url ?? "/", "http://fake");
    const parts = url.pathname.split("/").filter(Boolean);
    const method = req.method ?? "GET";
    if (method === "POST" && url.pathname === "/v2/agent") {
      const payload = json(body);
      const err = agentError(payload);
      if (err) return sendJson(res, 422, { message: err });
      const id = crypto.randomUUID();
      agents.set(id, payload as Record<string, unknown>);
      return sendJson(res, 201, { agent_id: id, state: "created" });
    }
    if (method === "GET" && url.pathname === "/v2/agent/all") {
      return sendJson(res, 200, [...agents].map(([id, a]) => ({ id, agent_name: (a.agent_config as { agent_name: string }).agent_name })));
    }
    if (parts[0] === "v2" && parts[1] === "agent" && parts.length === 3 && method === "PUT") {
      if (!agents.has(parts[2])) return sendJson(res, 404, { message: "Agent not found" });
      const payload = json(body);
      const err = agentError(payload);
      if (err) return sendJson(res, 422, { message: err });
      agents.set(parts[2], payload as Record<string, unknown>);
      return sendJson(res, 200, { agent_id: parts[2], state: "updated" });
    }
    if (parts[0] === "v2" && parts[1] === "agent" && parts[3] === "executions" && method === "GET") {
      return listExecutions(res, parts[2], url.searchParams);
    }
    if (method === "POST" && url.pathname === "/call") {
      const payload = json(body) as Record<string, unknown> | undefined;
      const err = callError(payload);
      if (err) return sendJson(res, 422, { message: err });
      if (!agents.has(String(payload!.agent_id))) return sendJson(res, 404, { message: "Agent not found" });
      calls.push(payload!);
      const e = addExecution({
        agent_id: String(payload!.agent_id), status: "queued",
        context_details: { recipient_data: payload!.user_data ?? {} },
        telephony_data: { to_number: payload!.recipient_phone_number, from_number: payload!.from_phone_number ?? "+14155550100", call_type: "outbound", provider: "twilio" },
      });
      return sendJson(res, 200, { message: "done", status: "queued", execution_id: e.id });
    }
    if (parts[0] === "executions" && parts.length === 2 && method === "GET") {
      const e = executions.get(parts[1]);
      return e ? sendJson(res, 200, e) : sendJson(res, 404, { message: "Execution not found" });
    }
    sendJson(res, 404, { message: `No route ${method} ${url.pathname}` });
  });

  function listExecutions(res: Parameters<typeof sendJson>[0], agentId: string, q: URLSearchParams) {
    const page = Number(q.get("page_number") ?? 1);
    const size = Number(q.get("page_size") ?? 50);
    if (!Number.isInteger(size) || size < 1 || size > 50) return sendJson(res, 400, { message: "page_size must be 1 to 50" });
    const from = q.get("from") ? Date.parse(q.get("from")!) : undefined;
    const to = q.get("to") ? Date.parse(q.get("to")!) : undefined;
    if (from !== undefined && to !== undefined && to - from > 7 * 86_400_000) {
      return sendJson(res, 400, { message: "The from/to window must not exceed 7 days" });
    }
    const all = [...executions.values()]
      .filter((e) => e.agent_id === agentId)
      .filter((e) => (from === undefined || Date.parse(e.created_at) >= from) && (to === undefined || Date.parse(e.created_at) <= to))
      .sort((a, b) => a.created_at.localeCompare(b.created_at));
    const data = all.slice((page - 1) * size, page * size);
    sendJson(res, 200, { page_number: page, page_size: size, total: all.length, has_more: page * size < all.length, data });
  }

  function addExecution(e: Partial<Execution> & { agent_id: string }): Execution {
    const now = new Date().toISOString();
    const full: Execution = {
      id: crypto.randomUUID(), batch_id: null, status: "queued", conversation_duration: 0, total_cost: 0,
      cost_breakdown: {}, transcript: "", summary: null, extracted_data: null, error_message: null,
      answered_by_voice_mail: false, created_at: now, updated_at: now, context_details: { recipient_data: {} },
      telephony_data: { to_number: "+14155550102", from_number: "+14155550100", call_type: "outbound", provider: "twilio" },
      ...e,
    };
    executions.set(full.id, full);
    return full;
  }

  async function post(id: string, snapshot: Record<string, unknown>): Promise<number> {
    const e = executions.get(id);
    if (!e) throw new Error(`no execution ${id}`);
    const hook = (agents.get(e.agent_id)?.agent_config as { webhook_url?: string } | undefined)?.webhook_url;
    if (!hook) throw new Error(`agent ${e.agent_id} has no webhook_url`);
    const res = await fetch(hook, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(snapshot) });
    await res.arrayBuffer();
    return res.status;
  }

  async function advance(id: string, status: string, fields: Record<string, unknown> = {}) {
    const e = executions.get(id);
    if (!e) throw new Error(`no execution ${id}`);
    Object.assign(e, fields, { status, updated_at: new Date().toISOString() });
    return post(id, structuredClone(e));
  }

  return {
    origin: server.origin, apiKey, server, agents, executions, calls, addExecution, advance, post,
    failNext: (status, message) => {
      failure = { status, message };
    },
    resend: (id) => post(id, structuredClone(executions.get(id)!)),
    async complete(id, final = {}) {
      for (const s of ["initiated", "ringing", "in-progress", "call-disconnected"]) await advance(id, s);
      await advance(id, "completed", completedFields(executions.get(id)!, final));
    },
    close: () => server.close(),
  };
}
