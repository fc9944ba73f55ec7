import "server-only";
import { config } from "@/lib/core/config";
import { openEngineKey, type EngineRow } from "@/lib/engines/db";
import { AppError } from "@/lib/http/errors";
import { logError } from "@/lib/http/log";
import { redactSecret } from "@/lib/outbound/response-body";
import { safeToolRequest } from "@/lib/outbound/safe-fetch";
import type { ToolMethod } from "@/lib/outbound/request-shape";

// Bolna's hosted API (docs/bolna.md: agent endpoints and calls). Every request goes through the tool
// runner's SSRF-safe client: the same TOOL_TARGET_ALLOWLIST, pinned DNS and 1 MiB cap, because an
// engine's base_url is operator input exactly like a tool's URL; its own timeout, ENGINE_TIMEOUT_MS.

export type Json = Record<string, unknown>;

/** Answers of the engine as a value; failures as AppError: 422 refusal, 424 unreachable or failing (reasons of ours). */
async function send(engine: EngineRow, method: ToolMethod, path: string, params?: Json): Promise<Json> {
  const key = openEngineKey(engine);
  const res = await safeToolRequest({
    method, url: `${engine.base_url}${path}`, params, apiToken: key,
    timeoutMs: config().ENGINE_TIMEOUT_MS, allowlist: config().TOOL_TARGET_ALLOWLIST,
    userAgent: "Voxdesk-Engine-Bridge",
  });
  if (res.kind === "failure") {
    // A refused address is the operator's input to fix (422); unreachable, timed out or an
    // oversized answer is the engine failing us (424). The message names which one.
    const status = res.testStatus === "blocked" ? 422 : 424;
    const what = res.testStatus === "blocked" ? "address refused" : `request failed (${res.testStatus})`;
    throw new AppError(status, `Engine ${what}: ${res.message}`, { engine_status: res.testStatus });
  }
  if (res.httpStatus < 400) return redactSecret(res.responseData, key);
  // The engine's own words stay out of our answers (they may carry anything: its internals, what
  // it echoed of our request); the caller gets the status and a reason of ours, the log the body.
  logError("engine answered with an error", {
    engineId: engine.id, accountId: engine.account_id, method, path: path.split("?")[0], httpStatus: res.httpStatus,
    body: JSON.stringify(redactSecret(res.responseData, key)).slice(0, LOGGED_BODY_CHARS),
  });
  const s = res.httpStatus;
  if (s === 401 || s === 403) throw new AppError(422, `The engine rejected the API key (HTTP ${s})`, { engine_http_status: s });
  if (s >= 500) throw new AppError(424, `The engine failed (HTTP ${s}); its answer is in the server log`, { engine_http_status: s });
  throw new AppError(422, `The engine refused the request (HTTP ${s}${REASONS[s] ? `: ${REASONS[s]}` : ""}); its answer is in the server log`,
    { engine_http_status: s });
}

// Enough of an error body to diagnose from the log, not enough to flood it.
const LOGGED_BODY_CHARS = 500;
const REASONS: Record<number, string> = {
  402: "the engine account's plan or balance does not allow it", 404: "not found on the engine",
  409: "conflicts with the engine's state", 429: "the engine is rate limiting: try again later",
};

/** GET /v2/agent/all: a cheap authenticated call that proves the URL and key work. */
export async function listRemoteAgents(engine: EngineRow): Promise<unknown[]> {
  const data = await send(engine, "GET", "/v2/agent/all");
  return Array.isArray(data.value) ? data.value : [];
}

/** POST /v2/agent (first deploy) or PUT /v2/agent/{id}; returns the remote agent id. */
export async function upsertRemoteAgent(engine: EngineRow, payload: Json, remoteId?: string): Promise<string> {
  let data: Json | undefined;
  if (remoteId) {
    try {
      data = await send(engine, "PUT", `/v2/agent/${encodeURIComponent(remoteId)}`, payload);
    } catch (err) {
      // Deleted on Bolna's side since our last deploy: create it again rather than strand the agent.
      if (!(err instanceof AppError && err.details.engine_http_status === 404)) throw err;
      remoteId = undefined;
    }
  }
  data ??= await send(engine, "POST", "/v2/agent", payload);
  const id = typeof data.agent_id === "string" ? data.agent_id : remoteId;
  if (!id) throw new AppError(424, "The engine answered without an agent_id");
  return id;
}

export interface PlaceCall { agent_id: string; recipient_phone_number: string; from_phone_number?: string; user_data?: Json }

/** POST /call → the execution id Bolna queued. */
export async function placeRemoteCall(engine: EngineRow, body: PlaceCall): Promise<string> {
  const data = await send(engine, "POST", "/call", body as unknown as Json);
  if (typeof data.execution_id !== "string") throw new AppError(424, "The engine answered without an execution_id");
  return data.execution_id;
}

export interface ExecutionPage { data: Json[]; has_more: boolean }

/** GET /v2/agent/{id}/executions for one page of at most 50, created_at within [from, to] (≤ 7 days). */
export async function listRemoteExecutions(engine: EngineRow, remoteAgentId: string, page: number, from: string, to: string): Promise<ExecutionPage> {
  const data = await send(engine, "GET", `/v2/agent/${encodeURIComponent(remoteAgentId)}/executions`, {
    page_number: page, page_size: 50, from, to,
  });
  return { data: Array.isArray(data.data) ? (data.data as Json[]) : [], has_more: data.has_more === true };
}
