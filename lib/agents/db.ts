import "server-only";
import crypto from "node:crypto";
import { sql } from "kysely";
import type { AgentPayload } from "@/lib/agents/schema";
import type { AnalysisPlan } from "@/lib/outcomes/schema";
import { describeAudit } from "@/lib/core/audit-context";
import { db } from "@/lib/core/client";
import { decodeCursor, keysetPage } from "@/lib/core/cursor";
import { activeToolIds } from "@/lib/tools/db/tools";

export interface AgentRecord {
  agent_id: string; agent_name: string; created_at: string; updated_at: string;
  agent_config: AgentPayload["agent_config"]; agent_prompts: AgentPayload["agent_prompts"];
  /** Migration 0011 (issue 21): null when the agent has none. */
  analysis_plan: AnalysisPlan | null;
}

type Row = { id: string; name: string; agent_config: string; agent_prompts: string; analysis_plan?: string | null; created_at: string; updated_at: string };
const toRecord = (r: Row): AgentRecord => ({
  agent_id: r.id, agent_name: r.name, created_at: r.created_at, updated_at: r.updated_at,
  agent_config: JSON.parse(r.agent_config), agent_prompts: JSON.parse(r.agent_prompts),
  analysis_plan: r.analysis_plan ? JSON.parse(r.analysis_plan) : null,
});
const COLS = ["id", "name", "agent_config", "agent_prompts", "analysis_plan", "created_at", "updated_at"] as const;
const planText = (p: AgentPayload) => (p.analysis_plan ? JSON.stringify(p.analysis_plan) : null);

export async function createAgent(accountId: string, p: AgentPayload): Promise<string> {
  const id = crypto.randomUUID();
  describeAudit({ resourceId: id }); // the audit row of this request names what it created
  const now = new Date().toISOString();
  await db()
    .insertInto("agents")
    .values({ id, account_id: accountId, name: p.agent_config.agent_name, agent_config: JSON.stringify(p.agent_config),
      agent_prompts: JSON.stringify(p.agent_prompts), analysis_plan: planText(p), created_at: now, updated_at: now })
    .execute();
  return id;
}

export async function getAgent(accountId: string, id: string): Promise<AgentRecord | undefined> {
  const row = await db().selectFrom("agents").select([...COLS]).where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst();
  return row && toRecord(row);
}

export async function listAgents(accountId: string, limit: number, cursor?: string) {
  let q = db().selectFrom("agents").select([...COLS]).where("account_id", "=", accountId);
  if (cursor) {
    const [createdAt, id] = decodeCursor(cursor, 2);
    q = q.where(sql<boolean>`(created_at, id) < (${createdAt}, ${id})`);
  }
  const rows = await q.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit + 1).execute();
  const { items, next_cursor, has_more } = keysetPage(rows, limit, (r) => [r.created_at, r.id]);
  return { agents: items.map(toRecord), next_cursor, has_more };
}

export async function replaceAgent(accountId: string, id: string, p: AgentPayload): Promise<boolean> {
  const res = await db()
    .updateTable("agents")
    .set({ name: p.agent_config.agent_name, agent_config: JSON.stringify(p.agent_config),
      agent_prompts: JSON.stringify(p.agent_prompts), analysis_plan: planText(p), updated_at: new Date().toISOString() })
    .where("account_id", "=", accountId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function deleteAgent(accountId: string, id: string): Promise<boolean> {
  const res = await db().deleteFrom("agents").where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Which of `ids` are not active tools of this account (unknown, another account's, or deactivated). */
export async function unknownToolIds(accountId: string, ids: string[]): Promise<string[]> {
  const active = await activeToolIds(accountId, ids);
  return ids.filter((id) => !active.has(id));
}
