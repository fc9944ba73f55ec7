import "server-only";
import { validationError } from "@/lib/http/errors";
import type { EngineRow } from "./db";
import { linkRemoteAgent, renameLinkedAgent, type LinkedAgent } from "./db/linked-agents";
import { providerInfo } from "./providers";
import { adapterFor } from "./registry";

/**
 * GET /api/engines/{id}/remote-agents: the agents configured in the vendor's dashboard, each linked
 * to an agent of the account (created on first sight, renamed when the vendor's name changed), so
 * they can be called and their calls filtered before any call has arrived.
 */
export async function listRemoteAgents(engine: EngineRow): Promise<{ remote_agents: LinkedAgent[] }> {
  const adapter = adapterFor(engine.provider);
  if (!adapter.remoteAgents) {
    throw validationError([{ path: "engine_id", message: `a ${adapter.info.label} engine runs the agents Voxdesk deploys to it: it has none to link` }], 422);
  }
  const out: LinkedAgent[] = [];
  for (const a of await adapter.remoteAgents(engine)) {
    const name = a.name.trim() || `${adapter.info.label} agent ${a.remote_agent_id.slice(0, 8)}`;
    const linked = await linkRemoteAgent(engine, a.remote_agent_id, name);
    await renameLinkedAgent(engine, linked.agent_id, name);
    out.push({ ...linked, name });
  }
  return { remote_agents: out };
}

/** A linked agent is edited in its vendor's dashboard: a replace here is refused, naming where. */
export function linkedAgentRefusal(source: string) {
  const label = providerInfo(source)?.label ?? source;
  return validationError([{ path: "agent_config", message: `this agent is configured in ${label}'s dashboard and linked here; change it there` }], 422);
}
