import "server-only";
import { AppError } from "@/lib/http/errors";
import { logError } from "@/lib/http/log";
import { getEngine, listDeployments } from "./db";
import { adapterFor } from "./registry";

export interface RemoteDeletion { engine_id: string; remote_agent_id: string; deleted: boolean; message?: string }

/**
 * An agent is being deleted: each engine that can delete agents (the self-hosted server) deletes
 * its copy. One engine failing does not keep the agent in Voxdesk: the answer says which copies
 * remain, and the log why.
 */
export async function deleteRemoteCopies(accountId: string, agentId: string): Promise<RemoteDeletion[]> {
  const out: RemoteDeletion[] = [];
  for (const dep of (await listDeployments(accountId, [agentId])).get(agentId) ?? []) {
    const engine = await getEngine(accountId, dep.engine_id);
    const adapter = engine && adapterFor(engine.provider);
    if (!engine || !adapter?.undeploy) continue;
    try {
      await adapter.undeploy(engine, dep.remote_agent_id);
      out.push({ engine_id: dep.engine_id, remote_agent_id: dep.remote_agent_id, deleted: true });
    } catch (err) {
      if (!(err instanceof AppError)) logError("deleting a remote agent failed", { accountId, engineId: dep.engine_id, err });
      out.push({ engine_id: dep.engine_id, remote_agent_id: dep.remote_agent_id, deleted: false, message: err instanceof Error ? err.message : "failed" });
    }
  }
  return out;
}
