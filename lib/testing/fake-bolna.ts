// A fake of Bolna's hosted API (docs/bolna.md) on a real HTTP server bound
// to 127.0.0.1, for tests and the e2e suite. It checks what it receives as Bolna would
// (fake-bolna-rules.ts), stores agents and executions in memory, and posts execution objects to
// an agent's webhook_url the way Bolna does: one POST per status change, resends included.
// Call lifecycles (auto-complete, holding calls in progress) live in fake-bolna-calls.ts.
import crypto from "node:crypto";
import { sendJson, startLoopbackServer, type LoopbackServer } from "./loopback-server";
import { agentError, callError, executionsQueryError } from "./fake-bolna-rules";
import { callLifecycle, type CallControls, type Delivery, type Execution, type Outcome } from "./fake-bolna-calls";
import { controlRoute } from "./fake-bolna-control";

export { completedFields } from "./fake-bolna-calls";
export type { Delivery, Execution, Outcome };

export interface FakeBolnaOptions {
  apiKey?: string;
  /** Fixed port (the runnable entry); 0 or unset: any free port. */
  port?: number;
  /** Each placed call walks initiated → … → completed on its own, starting this many ms after POST /call. */
  autoCompleteMs?: number;
  /** Final status of an auto-completed call (default "completed"), e.g. no-answer for retry tests. */
  outcome?: (call: Record<string, unknown>) => Outcome;
  /** Where completed calls' recording_url points (default https://recordings.example; e2e: a closed loopback port). */
  recordingBase?: string;
  /** Serve the /__fake/* control routes (the runnable entry turns them on for e2e). */
  control?: boolean;
}

export interface FakeBolna extends CallControls {
  readonly origin: string;
  readonly apiKey: string;
  readonly server: LoopbackServer;
  /** Agents as last received (POST or PUT body), by remote agent id. */
  readonly agents: Map<string, Record<string, unknown>>;
  readonly executions: Map<string, Execution>;
  /** Every POST /call body Bolna accepted, in order. */
  readonly calls: Record<string, unknown>[];
  /** Every request body as parsed JSON (undefined when not JSON), accepted or refused, in order. */
  readonly received: { method: string; path: string; body: unknown }[];
  /** The next request is answered with this status and message (refusals we do not model, e.g. plan limits). */
  failNext(status: number, message: string): void;
  /** The next request for page `page` of an agent's executions waits for release(); `reached` resolves when it arrives. */
  holdExecutionsPage(page: number): { reached: Promise<void>; release(): void };
  /**
   * From now on POST /call places the call (its execution starts and posts its webhooks) but its
   * answer waits for release(): the caller may die before it learns the execution id. `waiting`
   * counts the answers held now.
   */
  holdCallAnswers(): { readonly waiting: number; release(): void };
  close(): Promise<void>;
}

const json = (body: string): unknown => {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
};

export async function startFakeBolna(opts: FakeBolnaOptions = {}): Promise<FakeBolna> {
  const apiKey = opts.apiKey ?? `bn-${crypto.randomBytes(12).toString("hex")}`;
  const agents = new Map<string, Record<string, unknown>>();
  const executions = new Map<string, Execution>();
  const calls: Record<string, unknown>[] = [];
  const received: FakeBolna["received"] = [];
  const lifecycle = callLifecycle({ agents, executions, autoCompleteMs: opts.autoCompleteMs, outcome: opts.outcome, recordingBase: opts.recordingBase });

  let failure: { status: number; message: string } | null = null;
  const holds = new Map<number, { arrived(): void; released: Promise<void> }>();
  let answers: { held: (() => void)[]; opened: boolean } | null = null;
  const server = await startLoopbackServer((req, res, body) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const method = req.method ?? "GET";
    if (opts.control && url.pathname.startsWith("/__fake/")) {
      return void controlRoute(fake, method, url.pathname, json(body)).then(
        (r) => sendJson(res, r.status, r.body),
        (err: unknown) => sendJson(res, 400, { message: err instanceof Error ? err.message : String(err) }),
      );
    }
    const payload = json(body);
    received.push({ method, path: url.pathname + url.search, body: payload });
    if (failure) {
      const f = failure;
      failure = null;
      return sendJson(res, f.status, { message: f.message });
    }
    if (req.headers.authorization !== `Bearer ${apiKey}`) return sendJson(res, 401, { message: "Invalid API key" });
    if (body && payload === undefined) return sendJson(res, 400, { message: "Invalid JSON in request body" });
    const parts = url.pathname.split("/").filter(Boolean);
    const agentPath = parts[0] === "v2" && parts[1] === "agent" && parts.length >= 3 && parts[2] !== "all";

    if (method === "POST" && url.pathname === "/v2/agent") {
      const err = agentError(payload);
      if (err) return sendJson(res, 422, { message: err });
      const id = crypto.randomUUID();
      agents.set(id, payload as Record<string, unknown>);
      return sendJson(res, 201, { agent_id: id, state: "created" });
    }
    if (method === "GET" && url.pathname === "/v2/agent/all") {
      return sendJson(res, 200, [...agents].map(([id, a]) => ({ id, ...(a.agent_config as Record<string, unknown>) })));
    }
    if (agentPath && parts.length === 3 && !agents.has(parts[2])) return sendJson(res, 404, { message: "Agent not found" });
    if (agentPath && parts.length === 3 && method === "PUT") {
      const err = agentError(payload);
      if (err) return sendJson(res, 422, { message: err });
      agents.set(parts[2], payload as Record<string, unknown>);
      return sendJson(res, 200, { agent_id: parts[2], state: "updated" });
    }
    if (agentPath && parts.length === 3 && method === "GET") return sendJson(res, 200, { id: parts[2], ...agents.get(parts[2]) });
    if (agentPath && parts.length === 3 && method === "DELETE") {
      agents.delete(parts[2]);
      return sendJson(res, 200, { state: "deleted" });
    }
    if (agentPath && parts[3] === "executions" && parts.length === 4 && method === "GET") {
      const hold = holds.get(Number(url.searchParams.get("page_number") ?? 1));
      if (!hold) return listExecutions(res, parts[2], url.searchParams);
      holds.delete(Number(url.searchParams.get("page_number") ?? 1));
      hold.arrived();
      return void hold.released.then(() => listExecutions(res, parts[2], url.searchParams));
    }
    if (method === "POST" && url.pathname === "/call") {
      const err = callError(payload);
      if (err) return sendJson(res, 422, { message: err });
      const p = payload as Record<string, unknown>;
      if (!agents.has(String(p.agent_id))) return sendJson(res, 404, { message: "Agent not found" });
      calls.push(p);
      const e = lifecycle.addExecution({
        agent_id: String(p.agent_id), status: "queued",
        context_details: { recipient_data: p.user_data ?? {} },
        telephony_data: { to_number: p.recipient_phone_number, from_number: p.from_phone_number ?? "+14155550100", call_type: "outbound", provider: "twilio" },
      });
      lifecycle.placed(e, p);
      const answer = () => (res.destroyed ? undefined : sendJson(res, 200, { message: "done", status: "queued", execution_id: e.id }));
      return answers && !answers.opened ? void answers.held.push(answer) : answer();
    }
    if (method === "POST" && parts[0] === "call" && parts[2] === "stop" && parts.length === 3) {
      const e = executions.get(parts[1]);
      if (!e) return sendJson(res, 404, { message: "Execution not found" });
      if (!["queued", "scheduled", "rescheduled"].includes(e.status)) return sendJson(res, 400, { message: `Cannot stop a call in status ${e.status}` });
      void lifecycle.advance(e.id, "stopped").catch(() => undefined);
      return sendJson(res, 200, { message: "stopped", status: "stopped", execution_id: e.id });
    }
    if (parts[0] === "executions" && parts.length === 2 && method === "GET") {
      const e = executions.get(parts[1]);
      return e ? sendJson(res, 200, e) : sendJson(res, 404, { message: "Execution not found" });
    }
    sendJson(res, 404, { message: `No route ${method} ${url.pathname}` });
  }, { port: opts.port });

  function listExecutions(res: Parameters<typeof sendJson>[0], agentId: string, q: URLSearchParams) {
    const err = executionsQueryError(q);
    if (err) return sendJson(res, 400, { message: err });
    const page = Number(q.get("page_number") ?? 1);
    const size = Number(q.get("page_size") ?? 50);
    const from = q.get("from") ? Date.parse(q.get("from")!) : -Infinity;
    const to = q.get("to") ? Date.parse(q.get("to")!) : Infinity;
    const status = q.get("status");
    const all = [...executions.values()]
      .filter((e) => e.agent_id === agentId && (!status || e.status === status))
      .filter((e) => Date.parse(e.created_at) >= from && Date.parse(e.created_at) <= to)
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
    const data = all.slice((page - 1) * size, page * size);
    sendJson(res, 200, { page_number: page, page_size: size, total: all.length, has_more: page * size < all.length, data });
  }

  // Referenced by the control routes above, which only run after startup.
  const fake: FakeBolna = {
    origin: server.origin, apiKey, server, agents, executions, calls, received,
    ...lifecycle.controls,
    // A spread copies a getter's value once; peakActive must stay live.
    get peakActive() {
      return lifecycle.controls.peakActive;
    },
    failNext: (status, message) => {
      failure = { status, message };
    },
    holdExecutionsPage(page) {
      let arrived = () => {};
      let release = () => {};
      const reached = new Promise<void>((resolve) => { arrived = resolve; });
      holds.set(page, { arrived: () => arrived(), released: new Promise<void>((resolve) => { release = resolve; }) });
      return { reached, release: () => release() };
    },
    holdCallAnswers() {
      const a: { held: (() => void)[]; opened: boolean } = { held: [], opened: false };
      answers = a;
      return {
        get waiting() { return a.opened ? 0 : a.held.length; },
        release() {
          a.opened = true;
          for (const answer of a.held.splice(0)) answer();
        },
      };
    },
    async close() {
      lifecycle.stop();
      await server.close();
    },
  };
  return fake;
}
