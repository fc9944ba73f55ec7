// A fake of the open-source Bolna server (the quickstart FastAPI app a self-hosted engine runs) on
// 127.0.0.1, for the self-hosted engine's tests. Written from what was read of that server: agent
// routes only (no calls, no executions), no auth, FastAPI's `{detail}` errors and 422 lists, the
// agent stored as its pydantic models dump it (fake-bolna-oss-model.ts) with assistant_status,
// prompts kept apart and never returned. Its traps are kept on purpose, because a client must
// live with them: an unknown id answers 500, not 404 (a 404 raised inside a catch-all), exactly
// like a broken Redis; GET /all lists every Redis key and fails whole on one that is not JSON; an
// extraction task calls an LLM inside the request and fails when none is configured.
import crypto from "node:crypto";
import http from "node:http";
import { sendJson, startLoopbackServer, type LoopbackServer } from "./loopback-server";
import { readAgentPayload, type PydanticError } from "./fake-bolna-oss-model";

export { DEFAULT_WELCOME, type PydanticError } from "./fake-bolna-oss-model";

export interface FakeBolnaOssOptions {
  /** Model a proxy in front that wants `Authorization: Bearer <token>` (401 `{detail: "Unauthorized"}` without it). */
  requireBearer?: string;
  /** What the extraction-prompt LLM answers; unset models a server without EXTRACTION_PROMPT_GENERATION_MODEL. */
  extractionPrompt?: string;
  port?: number;
}

export interface FakeBolnaOssRequest {
  method: string;
  /** Path and query string. */
  path: string;
  /** Parsed JSON; the raw text when it was not JSON; undefined when empty. */
  body: unknown;
  /** The Authorization header as received (a proxy's concern: the server ignores it). */
  authorization: string | null;
}

export interface FakeBolnaOss {
  readonly origin: string;
  readonly server: LoopbackServer;
  /** Redis: agent id → the stored config (no prompts), with assistant_status "seeding" or "updated". */
  readonly agents: Map<string, Record<string, unknown>>;
  /** agent_data/{id}/conversation_details.json: the prompts of the last POST or PUT; DELETE leaves them. */
  readonly prompts: Map<string, unknown>;
  /** Other Redis keys (raw values): GET /all lists them too and answers 500 if one is not JSON. */
  readonly otherKeys: Map<string, string>;
  /** Every request, in order, whatever was answered. */
  readonly requests: FakeBolnaOssRequest[];
  /** The next request fails with this status (default 500, `{detail: "Internal server error"}`), as a broken Redis does. */
  failNext(status?: number): void;
  close(): Promise<void>;
}

const INTERNAL = { detail: "Internal server error" };
const isJson = (raw: string | undefined) => {
  try {
    return raw !== undefined && (JSON.parse(raw), true);
  } catch {
    return false;
  }
};

export async function startFakeBolnaOss(opts: FakeBolnaOssOptions = {}): Promise<FakeBolnaOss> {
  const agents = new Map<string, Record<string, unknown>>();
  const prompts = new Map<string, unknown>();
  const otherKeys = new Map<string, string>();
  const requests: FakeBolnaOssRequest[] = [];
  let failure: number | null = null;

  const server = await startLoopbackServer((req, res, raw) => {
    const method = req.method ?? "GET";
    const url = new URL(req.url ?? "/", "http://fake");
    let parsed: unknown = raw === "" ? undefined : raw;
    try {
      parsed = raw === "" ? undefined : JSON.parse(raw);
    } catch { /* kept as text */ }
    requests.push({ method, path: url.pathname + url.search, body: parsed, authorization: req.headers.authorization ?? null });

    // CORS allows every origin with credentials, so the origin is echoed back.
    const origin = req.headers.origin;
    if (origin) res.setHeader("access-control-allow-origin", origin).setHeader("access-control-allow-credentials", "true");
    if (method === "OPTIONS" && origin && req.headers["access-control-request-method"]) {
      res.writeHead(200, { "access-control-allow-methods": "DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT", "content-type": "text/plain" });
      return void res.end("OK");
    }
    if (opts.requireBearer !== undefined && req.headers.authorization !== `Bearer ${opts.requireBearer}`) {
      return sendJson(res, 401, { detail: "Unauthorized" });
    }
    if (failure !== null) {
      const status = failure;
      failure = null;
      return sendJson(res, status, status === 500 ? INTERNAL : { detail: http.STATUS_CODES[status] ?? "Error" });
    }

    const parts = url.pathname.split("/").filter(Boolean);
    const id = parts[0] === "agent" && parts.length === 2 && url.pathname.split("/").length === 3 ? decodeURIComponent(parts[1]) : null;
    const allowed = url.pathname === "/agent" ? ["POST"] : url.pathname === "/all" ? ["GET"] : id !== null ? ["GET", "PUT", "DELETE"] : null;
    if (!allowed) return sendJson(res, 404, { detail: "Not Found" });
    if (!allowed.includes(method)) {
      res.setHeader("allow", allowed.join(", "));
      return sendJson(res, 405, { detail: "Method Not Allowed" });
    }

    if (method === "GET" && url.pathname === "/all") {
      const list: { agent_id: string; data: unknown }[] = [...agents].map(([agent_id, data]) => ({ agent_id, data }));
      for (const [key, value] of otherKeys) {
        if (!isJson(value)) return sendJson(res, 500, INTERNAL);
        list.push({ agent_id: key, data: JSON.parse(value) });
      }
      return sendJson(res, 200, { agents: list });
    }
    if (method === "GET" || method === "DELETE") {
      const stored = agents.get(id!) ?? otherKeys.get(id!);
      if (stored === undefined) return sendJson(res, 500, INTERNAL);
      if (method === "DELETE") {
        agents.delete(id!);
        otherKeys.delete(id!);
        return sendJson(res, 200, { agent_id: id, state: "deleted" });
      }
      if (typeof stored !== "string") return sendJson(res, 200, stored);
      return isJson(stored) ? sendJson(res, 200, JSON.parse(stored)) : sendJson(res, 500, INTERNAL);
    }

    // POST /agent and PUT /agent/{id}: FastAPI validates the body before the handler runs.
    const body = jsonBody(req, raw);
    const read = "errors" in body ? body : readAgentPayload(body.value);
    if ("errors" in read) return sendJson(res, 422, { detail: read.errors });
    const creating = method === "POST";
    const agentId = creating ? crypto.randomUUID() : id!;
    // PUT runs inside try/except Exception, so its own 404 (and any failure) leaves as a 500.
    if (!creating && !agents.has(agentId) && !isJson(otherKeys.get(agentId))) return sendJson(res, 500, INTERNAL);
    const config: Record<string, unknown> = { ...read.config, assistant_status: creating ? "seeding" : "updated" };
    for (const task of config.tasks as { task_type?: unknown; tools_config?: { llm_agent?: Record<string, unknown> | null } | null }[]) {
      if (task.task_type !== "extraction") continue;
      const llm = task.tools_config?.llm_agent;
      if (opts.extractionPrompt === undefined || !llm) {
        // POST has no try around it: the failure reaches Starlette, which answers in plain text.
        if (creating) return void res.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end("Internal Server Error");
        return sendJson(res, 500, INTERNAL);
      }
      llm.extraction_json = opts.extractionPrompt;
    }
    otherKeys.delete(agentId);
    agents.set(agentId, config);
    prompts.set(agentId, read.prompts);
    sendJson(res, 200, { agent_id: agentId, state: creating ? "created" : "updated" });
  }, { port: opts.port });

  return {
    origin: server.origin, server, agents, prompts, otherKeys, requests,
    failNext: (status = 500) => void (failure = status),
    close: () => server.close(),
  };
}

/** What FastAPI hands the model: parsed JSON when the type is JSON or absent, else the raw text (refused as not an object). */
function jsonBody(req: http.IncomingMessage, raw: string): { value: unknown } | { errors: PydanticError[] } {
  const type = (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  if (raw === "") return { errors: [{ type: "missing", loc: ["body"], msg: "Field required", input: null }] };
  if (type && type !== "application/json" && !/^application\/[^/]+\+json$/.test(type)) return { value: raw };
  try {
    return { value: JSON.parse(raw) };
  } catch {
    return { errors: [{ type: "json_invalid", loc: ["body", 0], msg: "JSON decode error", input: {} }] };
  }
}
