import "server-only";
import { getAgent } from "@/lib/db/agents";
import { findDeploymentByRemoteAgent, type EngineRow } from "@/lib/db/engines";
import { upsertExecutionCall, type ExecutionHook, type UpsertOutcome } from "@/lib/db/executions";
import { executionToCall } from "./execution";

type Json = Record<string, unknown>;

// Other modules (campaigns) register here to act on each changed call in the same transaction.
const hooks: ExecutionHook[] = [];
export function onExecution(hook: ExecutionHook) {
  if (!hooks.includes(hook)) hooks.push(hook);
}

/**
 * One execution (webhook, sync, or the answer to a placed call) into calls: the agent is the
 * Voxdesk agent deployed as that remote agent; unknown remote agents are kept under their own id.
 */
export async function ingestExecution(engine: EngineRow, execution: Json): Promise<UpsertOutcome> {
  const call = executionToCall(execution);
  const dep = await findDeploymentByRemoteAgent(engine.id, call.remote_agent_id);
  const agent = dep ? await getAgent(engine.account_id, dep.agent_id) : undefined;
  return upsertExecutionCall(
    engine.account_id,
    { ...call, agent_id: agent?.agent_id ?? call.remote_agent_id, name: agent?.agent_name ?? "", engine_id: engine.id },
    hooks.length ? async (trx, c, prev) => { for (const h of hooks) await h(trx, c, prev); } : undefined,
  );
}
