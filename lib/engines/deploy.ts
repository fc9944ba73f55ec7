import "server-only";
import { getAgent } from "@/lib/agents/db";
import { versionContent } from "@/lib/agents/versions/service";
import { lastRunsOf } from "@/lib/agents/tests/service";
import { referencedToolIds, type AgentPayload } from "@/lib/agents/schema";
import { openToolToken } from "@/lib/tools/db/tokens";
import { getToolRow } from "@/lib/tools/db/tools";
import { notFound } from "@/lib/http/errors";
import { validationError } from "@/lib/http/route";
import type { ResolvedTool } from "./adapter";
import { getDeployment, getEngine, recordDeployment } from "./db";
import { webhookUrlFor } from "./engine-view";
import { capableAdapter } from "./registry";

/**
 * POST /api/agent/{id}/deploy, whichever engine: refuse what the engine would refuse (422 naming
 * the fields, nothing sent), resolve tools inline with their tokens (decrypted for this request
 * only), then the adapter creates the remote agent on the first deploy and replaces it on later
 * ones. `version` (default the latest) picks the content pushed: an older one rolls the engine
 * back; the deployment records it.
 */
export async function deployAgent(accountId: string, agentId: string, engineId: string, req: Parameters<typeof webhookUrlFor>[1], version?: number) {
  const latest = await getAgent(accountId, agentId);
  if (!latest) throw notFound("Agent");
  const agent = version === undefined || version === latest.version ? latest : await versionContent(accountId, latest, version);
  const engine = await getEngine(accountId, engineId);
  if (!engine) throw notFound("Engine");
  const { adapter, run } = capableAdapter(engine, "deploy", "engine_id");
  const refused = adapter.info.readiness(agent).filter((i) => i.kind === "refused");
  if (refused.length) {
    throw validationError(refused.map(({ path, message }) => ({ path, message: `${adapter.info.label} would refuse this: ${message}` })), 422);
  }
  const tools = await resolveTools(accountId, agent);
  const existing = await getDeployment(accountId, agentId, engineId);
  const { remote_agent_id: remoteId, recreated } = await run(engine, { agent, tools, webhookUrl: webhookUrlFor(engine, req), remoteId: existing?.remote_agent_id });
  const deployed_at = await recordDeployment(accountId, { agent_id: agentId, engine_id: engineId, remote_agent_id: remoteId, version: agent.version, agent_updated_at: agent.updated_at });
  const lastRun = (await lastRunsOf(accountId, agentId, [agent.version]))(agent.version);
  // `recreated`: the engine had lost the agent deployed before, so this deploy created it anew.
  return {
    agent_id: agentId, engine_id: engineId, remote_agent_id: remoteId, version: agent.version, status: "deployed", deployed_at,
    tests: lastRun ? { passed: lastRun.passed, total: lastRun.total } : null, ...(recreated ? { recreated: true } : {}),
  };
}

async function resolveTools(accountId: string, agent: Pick<AgentPayload, "agent_config" | "agent_prompts">) {
  const refs = referencedToolIds(agent as AgentPayload);
  const out = new Map<string, ResolvedTool>();
  const bad = [];
  for (const ref of refs) {
    if (out.has(ref.id)) continue;
    const row = await getToolRow(accountId, ref.id);
    if (!row || row.is_active !== 1) {
      bad.push({ path: ref.path, message: `unknown or inactive tool id '${ref.id}'` });
      continue;
    }
    out.set(ref.id, {
      id: row.id, name: row.name, description: row.description, parameters: JSON.parse(row.parameters),
      method: row.method, url: row.url, apiToken: openToolToken(row, row.id, accountId),
    });
  }
  if (bad.length) throw validationError(bad, 422);
  return out;
}
