import "server-only";
import crypto from "node:crypto";
import { writeTx } from "@/lib/core/client";
import { findDeploymentByRemoteAgent, type EngineRow } from "../db";

// Linked agents: a Vapi assistant or Retell agent becomes an agent of the account the first time one
// of its calls (or a listing of the vendor's agents) names it. Its configuration stays in the vendor's
// dashboard; here it is a name, a source and a deployment on the engine, which is how every call
// finds its agent (agent_deployments' unique (engine_id, remote_agent_id) makes the link once).

export interface LinkedAgent { agent_id: string; remote_agent_id: string; name: string }

// Before any call: every call of a linked agent is stamped with its one version.
const LINKED_AT = "1970-01-01T00:00:00.000Z";

class LinkLost extends Error {}

/** The agent linked to this remote agent on this engine, created if none is. */
export async function linkRemoteAgent(engine: EngineRow, remoteId: string, name: string): Promise<LinkedAgent> {
  const found = await findDeploymentByRemoteAgent(engine.id, remoteId);
  if (found) return { agent_id: found.agent_id, remote_agent_id: remoteId, name };
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const content = { agent_config: JSON.stringify({ agent_name: name, agent_type: engine.provider, tasks: [] }), agent_prompts: "{}", analysis_plan: null };
  try {
    await writeTx(async (trx) => {
      await trx.insertInto("agents").values({ id, account_id: engine.account_id, name, ...content, version: 1, source: engine.provider, created_at: now, updated_at: now }).execute();
      await trx.insertInto("agent_versions").values({ account_id: engine.account_id, agent_id: id, version: 1, ...content, created_at: now, created_by: null, note: null }).execute();
      const res = await trx.insertInto("agent_deployments")
        .values({ agent_id: id, engine_id: engine.id, account_id: engine.account_id, remote_agent_id: remoteId, agent_updated_at: now, deployed_at: LINKED_AT, version: 1 })
        .onConflict((oc) => oc.columns(["engine_id", "remote_agent_id"]).doNothing())
        .returning("agent_id").executeTakeFirst();
      // Another request linked it first (PostgreSQL: it waited for that commit): undo ours.
      if (!res) throw new LinkLost();
    });
    return { agent_id: id, remote_agent_id: remoteId, name };
  } catch (err) {
    if (!(err instanceof LinkLost)) throw err;
    const dep = await findDeploymentByRemoteAgent(engine.id, remoteId);
    return { agent_id: dep!.agent_id, remote_agent_id: remoteId, name };
  }
}

/** A linked agent renamed in the vendor's dashboard: the new name here too (only linked agents' names follow the vendor). */
export async function renameLinkedAgent(engine: EngineRow, agentId: string, name: string): Promise<void> {
  await writeTx((trx) => trx.updateTable("agents").set({ name })
    .where("account_id", "=", engine.account_id).where("id", "=", agentId).where("source", "=", engine.provider).where("name", "!=", name)
    .execute());
}
