import "server-only";
import { getAgent, type AgentRecord } from "@/lib/agents/db";
import { listDeployments, type Deployment } from "@/lib/engines/db";
import type { FieldError } from "@/lib/http/errors";

// Which engine an agent's calls go to, and the country its numbers without + are read in: one
// answer for a test call, a campaign being created or started, and every campaign dial.

export interface AgentDeployment {
  agent: AgentRecord;
  /** On the engine asked for, else the one deployed to most recently; undefined: not deployed there (or anywhere). */
  deployment: Deployment | undefined;
  /** ISO 3166 code from the agent's config; null: numbers must carry their +country code. */
  country: string | null;
}

/** undefined: no agent with this id in the account. */
export async function agentDeployment(accountId: string, agentId: string, engineId?: string): Promise<AgentDeployment | undefined> {
  const [agent, deps] = await Promise.all([getAgent(accountId, agentId), listDeployments(accountId, [agentId])]);
  if (!agent) return undefined;
  const all = deps.get(agentId) ?? [];
  return {
    agent,
    deployment: engineId ? all.find((d) => d.engine_id === engineId) : all[0],
    country: (agent.agent_config as { country?: string }).country ?? null,
  };
}

/** The 422 field error for an agent without the deployment asked for; `nonePath` names the field when no engine was. */
export function notDeployed(engineId: string | undefined, nonePath: "engine_id" | "agent_id" = "engine_id"): FieldError {
  return engineId
    ? { path: "engine_id", message: "the agent is not deployed on this engine: deploy it there first" }
    : { path: nonePath, message: "the agent is not deployed on any engine: deploy it first" };
}
