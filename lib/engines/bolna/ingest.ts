import "server-only";
import { getAgent } from "@/lib/agents/db";
import { findDeploymentByRemoteAgent, type EngineRow } from "@/lib/engines/db";
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
export async function ingestExecution(engine: EngineRow, execution: Json): Promise<UpsertOutcome> {
  const call = executionToCall(execution);
  const dep = await findDeploymentByRemoteAgent(engine.id, call.remote_agent_id);
  const agent = dep ? await getAgent(engine.account_id, dep.agent_id) : undefined;
  return upsertExecutionCall(
    engine.account_id,
    { ...call, agent_id: agent?.agent_id ?? call.remote_agent_id, name: agent?.agent_name ?? "", engine_id: engine.id },
    withOutcome(outcomeHook(agent?.analysis_plan)),
  );
}

// A campaign's contact follows its call in the same transaction (lib/campaigns/call-hook.ts), and a
// call reaching its final status puts call.ended in the webhook outbox (lib/webhooks/call-hook.ts).
const withOutcome = (outcome: ExecutionHook | undefined): ExecutionHook => async (...args) => {
  if (outcome) await outcome(...args);
  await campaignCallHook(...args);
  await webhookCallHook(...args);
};
