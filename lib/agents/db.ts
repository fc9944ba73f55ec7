import "server-only";
import { runSql } from "@/lib/core/prepared";
import crypto from "node:crypto";
import { sql } from "kysely";
import type { AgentPayload } from "@/lib/agents/schema";
import type { AnalysisPlan } from "@/lib/outcomes/schema";
import { describeAudit } from "@/lib/core/audit-context";
import { db, writeTx } from "@/lib/core/client";
import { decodeCursor, keysetPage } from "@/lib/core/cursor";
import { activeToolIds } from "@/lib/tools/db/tools";
import { emitVersionCreated, replaceContent } from "@/lib/agents/versions/db";
import { fromStored, toStored } from "@/lib/agents/versions/payload";

export interface AgentRecord {
  agent_id: string; agent_name: string; created_at: string; updated_at: string;
  agent_config: AgentPayload["agent_config"]; agent_prompts: AgentPayload["agent_prompts"];
  /** Migration 0011: null when the agent has none. */
  analysis_plan: AnalysisPlan | null;
  /** Migration 0016: the newest version's number, which this content is. */
  version: number;
  /** Migration 0027: "voxdesk", or the vendor whose dashboard holds a linked agent (lib/engines/db/linked-agents.ts). */
  source: string;
}

type Row = { id: string; name: string; agent_config: string; agent_prompts: string; analysis_plan?: string | null; version?: number; source?: string | null; created_at: string; updated_at: string };
const toRecord = (r: Row): AgentRecord => ({
  agent_id: r.id, agent_name: r.name, created_at: r.created_at, updated_at: r.updated_at,
  ...fromStored({ agent_config: r.agent_config, agent_prompts: r.agent_prompts, analysis_plan: r.analysis_plan ?? null }),
  version: r.version ?? 1,
  source: r.source ?? "voxdesk",
});
const COLS = ["id", "name", "agent_config", "agent_prompts", "analysis_plan", "version", "source", "created_at", "updated_at"] as const;

/** The agent and its version 1, in one transaction. `by`: the writing credential's label. */
export async function createAgent(accountId: string, p: AgentPayload, by: string | null = null): Promise<string> {
  const id = crypto.randomUUID();
  describeAudit({ resourceId: id }); // the audit row of this request names what it created
  const now = new Date().toISOString();
  const content = toStored(p);
  await writeTx(async (trx) => {
    await trx.insertInto("agents")
      .values({ id, account_id: accountId, name: p.agent_config.agent_name, ...content, version: 1, created_at: now, updated_at: now })
      .execute();
    await trx.insertInto("agent_versions")
      .values({ account_id: accountId, agent_id: id, version: 1, ...content, created_at: now, created_by: by, note: null })
      .execute();
    await emitVersionCreated(trx, accountId, id, { version: 1, by, at: now });
  });
  return id;
}

export async function getAgent(accountId: string, id: string): Promise<AgentRecord | undefined> {
  const row = await db().selectFrom("agents").select([...COLS]).where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst();
  return row && toRecord(row);
}

/** What the ingest needs of a call's agent: its name and analysis plan, without its whole config. */
export async function agentForIngest(accountId: string, id: string): Promise<{ agent_id: string; agent_name: string; analysis_plan: AnalysisPlan | null } | undefined> {
  // Every ingest asks this: a constant text, compiled once on SQLite (lib/core/prepared.ts).
  const [row] = await runSql<{ id: string; name: string; analysis_plan: string | null }>(db(), "SELECT id, name, analysis_plan FROM agents WHERE account_id = ? AND id = ?", [accountId, id]);
  return row && { agent_id: row.id, agent_name: row.name, analysis_plan: row.analysis_plan ? (JSON.parse(row.analysis_plan) as AnalysisPlan) : null };
}

/**
 * The fields of the account's analysis plans (with `agentId`, that agent's), oldest agent first and in
 * plan order, each name once: the call export's per-field columns.
 */
export async function planFieldNames(accountId: string, agentId?: string): Promise<string[]> {
  let q = db().selectFrom("agents").select("analysis_plan").where("account_id", "=", accountId).where("analysis_plan", "is not", null);
  if (agentId) q = q.where("id", "=", agentId);
  const rows = await q.orderBy("created_at").orderBy("id").execute();
  const names = rows.flatMap((r) => (JSON.parse(r.analysis_plan!) as AnalysisPlan).fields?.map((f) => f.name) ?? []);
  return [...new Set(names)];
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

/**
 * PUT: a changed payload becomes the next version with the agent row, in one transaction; an equal
 * one writes nothing (updated_at stays). undefined: no such agent in the account.
 */
export async function replaceAgent(accountId: string, id: string, p: AgentPayload, by: string | null = null) {
  return writeTx((trx) => replaceContent(trx, accountId, id, toStored(p), by));
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
