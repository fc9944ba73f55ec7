import "server-only";
import { AppError } from "@/lib/http/errors";
import { openEngineKey, type EngineRow } from "../db";
import { engineRequest, refused, type EngineAnswer } from "../outbound";

// The open-source Bolna server's agent routes (docs/bolna.md, "The open-source server"): no auth of
// its own (an api_key goes to a proxy in front as a Bearer token); errors are FastAPI's {detail};
// an unknown agent id answers 500, not 404, like a broken server does.

type Json = Record<string, unknown>;
const WHO = "the Bolna server";

async function send(engine: EngineRow, method: string, path: string, body?: Json): Promise<EngineAnswer> {
  const key = openEngineKey(engine);
  return engineRequest(WHO, `${engine.base_url}${path}`, {
    method,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

const fail = (engine: EngineRow, method: string, path: string, res: EngineAnswer) =>
  refused(WHO, res, { engineId: engine.id, accountId: engine.account_id, method, path });

/** GET /all: every agent id the server holds (the cheap call that proves the URL). */
export async function listServerAgents(engine: EngineRow): Promise<string[]> {
  const res = await send(engine, "GET", "/all");
  if (res.status !== 200) throw fail(engine, "GET", "/all", res);
  const agents = (res.json as { agents?: unknown } | null)?.agents;
  return Array.isArray(agents) ? agents.map((a) => String((a as { agent_id?: unknown })?.agent_id ?? "")).filter(Boolean) : [];
}

/**
 * POST /agent, or PUT /agent/{id} for an agent deployed before. The server answers an id it does
 * not know with a 500; when GET /all then answers without that id, the agent is created anew
 * (`recreated`), else the 500 stands (the server is failing).
 */
export async function upsertServerAgent(engine: EngineRow, payload: Json, remoteId?: string): Promise<{ id: string; recreated: boolean }> {
  if (remoteId) {
    const path = `/agent/${encodeURIComponent(remoteId)}`;
    const res = await send(engine, "PUT", path, payload);
    if (res.status === 200) return { id: remoteId, recreated: false };
    if (res.status !== 500 || (await listServerAgents(engine)).includes(remoteId)) throw fail(engine, "PUT", "/agent/{id}", res);
  }
  const res = await send(engine, "POST", "/agent", payload);
  if (res.status !== 200 && res.status !== 201) throw fail(engine, "POST", "/agent", res);
  const id = (res.json as { agent_id?: unknown } | null)?.agent_id;
  if (typeof id !== "string" || !id) throw new AppError(424, "The Bolna server answered without an agent_id");
  return { id, recreated: Boolean(remoteId) };
}

/** DELETE /agent/{id}; an id the server no longer lists counts as deleted. */
export async function deleteServerAgent(engine: EngineRow, remoteId: string): Promise<void> {
  const res = await send(engine, "DELETE", `/agent/${encodeURIComponent(remoteId)}`);
  if (res.status === 200 || res.status === 404) return;
  if (res.status === 500 && !(await listServerAgents(engine)).includes(remoteId)) return;
  throw fail(engine, "DELETE", "/agent/{id}", res);
}
