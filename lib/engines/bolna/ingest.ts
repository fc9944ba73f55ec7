import "server-only";
import { getAgent } from "@/lib/agents/db";
import { findDeploymentByRemoteAgent, versionInForce, type EngineRow } from "@/lib/engines/db";
import { campaignCallHook } from "@/lib/campaigns/call-hook";
import { upsertExecutionCall, type ExecutionHook, type UpsertOutcome } from "@/lib/calls/db/ingest";
import { outcomeHook } from "@/lib/analysis/ingest-hook";
import { webhookCallHook } from "@/lib/webhooks/call-hook";
import { executionToCall } from "./execution";

type Json = Record<string, unknown>;

/**
 * One execution (webhook, sync, or the answer to a placed call) into calls: the agent is the
 * Voxdesk agent deployed as that remote agent; unknown remote agents are kept under their own id.
 * In the same transaction: the call's outcome from the engine's extraction, checked against that
 * agent's analysis plan (lib/outcomes), or else a job for Voxdesk's own analysis (lib/analysis), and
 * its campaign contact.
 */
export async function ingestExecution(engine: EngineRow, execution: Json, placedVersion?: number | null): Promise<UpsertOutcome> {
  const call = executionToCall(execution);
  const dep = await findDeploymentByRemoteAgent(engine.id, call.remote_agent_id);
  const agent = dep ? await getAgent(engine.account_id, dep.agent_id) : undefined;
  const agent_version = placedVersion !== undefined ? placedVersion : dep && agent ? await deployedAt(engine, dep, call.created_at) : null;
  return upsertExecutionCall(
    engine.account_id,
    { ...call, agent_id: agent?.agent_id ?? call.remote_agent_id, name: agent?.agent_name ?? "", engine_id: engine.id, agent_version },
    withOutcome(outcomeHook(agent?.analysis_plan)),
  );
}

type DeploymentRow = NonNullable<Awaited<ReturnType<typeof findDeploymentByRemoteAgent>>>;

/**
 * The version deployed on the engine when the call started. The deployment already read
 * answers every call that started after it (nearly all): no query. A call that started earlier (a
 * late webhook, a sync after a rollback) reads the deployment log. Only the first record of a call
 * keeps it (ingest.ts inserts it, updates leave it), so this costs nothing on later deliveries' rows.
 */
function deployedAt(engine: EngineRow, dep: DeploymentRow, startedAt: string): number | null | Promise<number | null> {
  if (dep.deployed_at <= startedAt) return dep.version ?? null;
  return versionInForce(engine.account_id, dep.agent_id, engine.id, startedAt);
}

// A campaign's contact follows its call in the same transaction (lib/campaigns/call-hook.ts), and a
// call reaching its final status puts call.ended in the webhook outbox (lib/webhooks/call-hook.ts).
const withOutcome = (outcome: ExecutionHook | undefined): ExecutionHook => async (...args) => {
  if (outcome) await outcome(...args);
  await campaignCallHook(...args);
  await webhookCallHook(...args);
};
