import "server-only";
import { config } from "@/lib/config";
import { openEngineKey, type EngineRow } from "@/lib/db/engines";
import { AppError } from "@/lib/http/errors";
import { safeToolRequest } from "@/lib/outbound/safe-fetch";
import type { ToolMethod } from "@/lib/outbound/request-shape";

// Bolna's hosted API (../shared/spec/bolna-engine.md §2–3). Every request goes through the tool
// runner's SSRF-safe client: the same TOOL_TARGET_ALLOWLIST, pinned DNS, timeouts and 1 MiB cap,
// because an engine's base_url is operator input exactly like a tool's URL.

export type Json = Record<string, unknown>;

/** Answers of the engine as a value; failures as AppError: 422 refusal (its message), 424 unreachable. */
async function send(engine: EngineRow, method: ToolMethod, path: string, params?: Json): Promise<Json> {
  const key = openEngineKey(engine);
  const res = await safeToolRequest({
    method, url: `${engine.base_url}${path}`, params, apiToken: key,
    timeoutMs: config().TOOL_TEST_TIMEOUT_MS, allowlist: config().TOOL_TARGET_ALLOWLIST,
    userAgent: "Voxdesk-Engine-Bridge",
  });
  if (res.kind === "failure") {
    const status = res.testStatus === "blocked" ? 422 : 424;
    throw new AppError(status, `Engine ${res.testStatus === "blocked" ? "address refused" : "unreachable"}: ${res.message}`, { engine_status: res.testStatus });
  }
  const data = res.responseData;
  if (res.httpStatus === 401 || res.httpStatus === 403) {
    throw new AppError(422, `The engine rejected the API key (HTTP ${res.httpStatus})`, { engine_http_status: res.httpStatus });
  }
  if (res.httpStatus >= 500) {
    throw new AppError(424, `The engine failed (HTTP ${res.httpStatus}): ${messageOf(data)}`, { engine_http_status: res.httpStatus });
  }
  if (res.httpStatus >= 400) {
    throw new AppError(422, `The engine refused the request (HTTP ${res.httpStatus}): ${messageOf(data)}`, { engine_http_status: res.httpStatus });
  }
  return data;
}

function messageOf(data: Json): string {
  const m = data.message ?? data.detail ?? data.error ?? data.raw;
  return typeof m === "string" ? m : JSON.stringify(m ?? data).slice(0, 500);
}

/** GET /v2/agent/all: a cheap authenticated call that proves the URL and key work. */
export async function listRemoteAgents(engine: EngineRow): Promise<unknown[]> {
  const data = await send(engine, "GET", "/v2/agent/all");
  return Array.isArray(data.value) ? data.value : [];
}

/** POST /v2/agent (first deploy) or PUT /v2/agent/{id}; returns the remote agent id. */
export async function upsertRemoteAgent(engine: EngineRow, payload: Json, remoteId?: string): Promise<string> {
  const data = remoteId
    ? await send(engine, "PUT", `/v2/agent/${encodeURIComponent(remoteId)}`, payload)
    : await send(engine, "POST", "/v2/agent", payload);
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
