import "server-only";
import type { Kysely } from "kysely";
import type { DB } from "@/lib/core/tables";
import { db, dialect } from "@/lib/core/client";
import type { AgentVersionsTable } from "./tables";
import { emitEvent } from "@/lib/webhooks/db/outbox";
import { sameContent, type StoredContent } from "./payload";

// The SQL of agent versions. Every agent write goes through writeContent inside the caller's
// transaction, so the agent row and its newest version can never disagree.

export interface VersionRow extends StoredContent {
  version: number; created_at: string; created_by: string | null; note: string | null;
}
const VERSION_COLS = ["version", "agent_config", "agent_prompts", "analysis_plan", "created_at", "created_by", "note"] as const;
const SUMMARY_COLS = ["version", "created_at", "created_by", "note"] as const;

/** The agent row's content and version, locked on PostgreSQL (SQLite's writeTx holds the write lock). */
export async function lockAgent(trx: Kysely<DB>, accountId: string, agentId: string) {
  let q = trx.selectFrom("agents").select(["agent_config", "agent_prompts", "analysis_plan", "version"])
    .where("account_id", "=", accountId).where("id", "=", agentId);
  if (dialect() === "postgres") q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row && { content: { ...row, analysis_plan: row.analysis_plan ?? null } as StoredContent, version: row.version ?? 1 };
}

/**
 * Writes `content` as the agent's version `version` and makes the agent row equal it (name, content,
 * version, updated_at = the version's created_at). The agent row itself is inserted by createAgent.
 */
export async function writeContent(
  trx: Kysely<DB>, accountId: string, agentId: string, content: StoredContent, v: { version: number; by: string | null; at: string; note?: string },
) {
  const name = (JSON.parse(content.agent_config) as { agent_name: string }).agent_name;
  await trx.updateTable("agents")
    .set({ name, ...content, version: v.version, updated_at: v.at })
    .where("account_id", "=", accountId).where("id", "=", agentId).execute();
  const row: AgentVersionsTable = { account_id: accountId, agent_id: agentId, version: v.version, ...content, created_at: v.at, created_by: v.by, note: v.note ?? null };
  await trx.insertInto("agent_versions").values(row).execute();
  await emitVersionCreated(trx, accountId, agentId, { version: v.version, by: v.by, at: v.at });
}

/** `agent.version_created` in the transaction that writes the version; createAgent's version 1 too. */
export const emitVersionCreated = (trx: Kysely<DB>, accountId: string, agentId: string, v: { version: number; by: string | null; at: string }) =>
  emitEvent(trx, accountId, "agent.version_created", { agent_id: agentId, version: v.version, created_at: v.at, created_by: v.by });

/**
 * PUT's write: a payload equal to the stored one (key order aside) writes nothing; any other
 * becomes the next version. undefined: no such agent in the account.
 */
export async function replaceContent(trx: Kysely<DB>, accountId: string, agentId: string, content: StoredContent, by: string | null) {
  const current = await lockAgent(trx, accountId, agentId);
  if (!current) return undefined;
  if (sameContent(current.content, content)) return { version: current.version, created: false };
  const version = current.version + 1;
  await writeContent(trx, accountId, agentId, content, { version, by, at: new Date().toISOString() });
  return { version, created: true };
}

/**
 * Restore: version n's content becomes version latest+1, noted "Restored from vN" (a note its
 * editors may change like any other). undefined: no such agent or version.
 */
export async function restoreContent(trx: Kysely<DB>, accountId: string, agentId: string, n: number, by: string | null) {
  const current = await lockAgent(trx, accountId, agentId);
  if (!current) return undefined;
  const old = await readVersion(trx, accountId, agentId, n);
  if (!old) return undefined;
  const version = current.version + 1;
  const { agent_config, agent_prompts, analysis_plan } = old;
  await writeContent(trx, accountId, agentId, { agent_config, agent_prompts, analysis_plan }, { version, by, at: new Date().toISOString(), note: `Restored from v${n}` });
  return { version };
}

function readVersion(q: Kysely<DB>, accountId: string, agentId: string, n: number): Promise<VersionRow | undefined> {
  return q.selectFrom("agent_versions").select([...VERSION_COLS])
    .where("account_id", "=", accountId).where("agent_id", "=", agentId).where("version", "=", n).executeTakeFirst();
}

export const getVersion = (accountId: string, agentId: string, n: number) => readVersion(db(), accountId, agentId, n);

/** Newest first, `limit` of them below version `before`; empty when the agent is not the account's (every agent has version 1). */
export async function listVersions(accountId: string, agentId: string, limit: number, before?: number) {
  let q = db().selectFrom("agent_versions").select([...SUMMARY_COLS])
    .where("account_id", "=", accountId).where("agent_id", "=", agentId);
  if (before !== undefined) q = q.where("version", "<", before);
  return q.orderBy("version", "desc").limit(limit).execute();
}

/** The label of a version; undefined: no such agent or version in the account. */
export async function setVersionNote(accountId: string, agentId: string, n: number, note: string | null) {
  const res = await db().updateTable("agent_versions").set({ note })
    .where("account_id", "=", accountId).where("agent_id", "=", agentId).where("version", "=", n).executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return undefined;
  return db().selectFrom("agent_versions").select([...SUMMARY_COLS])
    .where("account_id", "=", accountId).where("agent_id", "=", agentId).where("version", "=", n).executeTakeFirstOrThrow();
}
