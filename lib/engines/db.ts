import "server-only";
import { runSql } from "@/lib/core/prepared";
import crypto from "node:crypto";
import { newWebhookPathSecret, sha256Hex } from "@/lib/people/credentials";
import { openApiKey, seal, sealApiKey, unseal } from "@/lib/core/secrets";
import { describeAudit } from "@/lib/core/audit-context";
import { db, dialect, writeTx } from "@/lib/core/client";
import { assertSecretStaysBound } from "@/lib/outbound/secret-binding";
import { newestFirstPage } from "@/lib/core/newest-page";
import type { AgentDeploymentsTable, EnginesTable } from "@/lib/core/tables";
import { emitEvent } from "@/lib/webhooks/db/outbox";

// An engine's api_key and webhook secret exist in plaintext only in memory: the key between unseal
// and the outbound request, the secret while a webhook_url is shown. Associated data binds each
// sealed value to its engine and account, so a value copied into another row fails to open.

export interface Engine {
  engine_id: string; name: string; provider: string; base_url: string; api_key_hint: string;
  created_at: string; updated_at: string;
}
export type EngineRow = EnginesTable;

const keyContext = (id: string, accountId: string) => ["engine-api-key", id, accountId];
const hookContext = (id: string, accountId: string) => ["engine-webhook-secret", id, accountId];
const credContext = (id: string, accountId: string) => ["engine-credentials", id, accountId];

type Json = Record<string, unknown>;
type CredColumns = Pick<EngineRow, "cred_ciphertext" | "cred_iv" | "cred_tag" | "cred_key_id">;

/** A provider's other secrets, sealed as one JSON value bound to the engine (null: none). */
function sealCredentials(secrets: Json | null, id: string, accountId: string): CredColumns {
  if (!secrets) return { cred_ciphertext: null, cred_iv: null, cred_tag: null, cred_key_id: null };
  const s = seal(JSON.stringify(secrets), credContext(id, accountId));
  return { cred_ciphertext: s.ciphertext, cred_iv: s.iv, cred_tag: s.tag, cred_key_id: s.keyId };
}

/** The provider's secrets of this engine, in memory for the request that needs them; null: none stored. */
export function openEngineSecrets<T>(r: EngineRow): T | null {
  if (!r.cred_ciphertext || !r.cred_iv || !r.cred_tag || !r.cred_key_id) return null;
  return JSON.parse(unseal({ ciphertext: r.cred_ciphertext, iv: r.cred_iv, tag: r.cred_tag, keyId: r.cred_key_id }, credContext(r.id, r.account_id))) as T;
}

/** The provider's non-secret settings of this engine; null: none. */
export const engineSettings = <T>(r: EngineRow): T | null => (r.settings ? (JSON.parse(r.settings) as T) : null);

export const toEngine = (r: EngineRow): Engine => ({
  engine_id: r.id, name: r.name, provider: r.provider, base_url: r.base_url, api_key_hint: r.api_key_hint,
  created_at: r.created_at, updated_at: r.updated_at,
});

const sealKey = (key: string, id: string, accountId: string) => sealApiKey(key, keyContext(id, accountId));

/** A new random webhook path secret: its hash finds the engine, the sealed copy shows the URL. */
function newWebhookSecret(id: string, accountId: string) {
  const secret = newWebhookPathSecret();
  const s = seal(secret, hookContext(id, accountId));
  return { webhook_secret_hash: sha256Hex(secret), webhook_ciphertext: s.ciphertext, webhook_iv: s.iv, webhook_tag: s.tag, webhook_key_id: s.keyId };
}

export function openEngineKey(r: EngineRow): string {
  return openApiKey(r, keyContext(r.id, r.account_id));
}

export function openWebhookSecret(r: EngineRow): string {
  return unseal({ ciphertext: r.webhook_ciphertext, iv: r.webhook_iv, tag: r.webhook_tag, keyId: r.webhook_key_id }, hookContext(r.id, r.account_id));
}

export interface NewEngine {
  name: string; provider: string; base_url: string;
  /** "" for an engine without one (a self-hosted server with no proxy in front). */
  api_key: string;
  settings?: Json | null;
  secrets?: Json | null;
}

/** The engine's webhook URL on an origin (a carrier's callbacks are set without a request at hand). */
export const webhookUrlAt = (r: EngineRow, origin: string) => `${origin}/api/webhooks/${r.provider}/${openWebhookSecret(r)}`;

export async function createEngine(accountId: string, v: NewEngine): Promise<EngineRow> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const row: EngineRow = {
    id, account_id: accountId, name: v.name, provider: v.provider, base_url: v.base_url,
    ...sealKey(v.api_key, id, accountId), ...newWebhookSecret(id, accountId),
    settings: v.settings ? JSON.stringify(v.settings) : null, ...sealCredentials(v.secrets ?? null, id, accountId),
    created_at: now, updated_at: now,
  };
  describeAudit({ resourceId: id }); // the audit row of this request names what it created
  await db().insertInto("engines").values(row).execute();
  return row;
}

export async function getEngine(accountId: string, id: string): Promise<EngineRow | undefined> {
  return db().selectFrom("engines").selectAll().where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst();
}

/** An engine by id alone, for a request its own signature authenticates (the push endpoint). */
/** Every push asks this: a constant text, compiled once on SQLite. */
export async function findEngineById(id: string): Promise<EngineRow | undefined> {
  const [row] = await runSql<EngineRow>(db(), "SELECT * FROM engines WHERE id = ?", [id]);
  return row;
}

export async function listEngines(accountId: string, limit: number, cursor?: string) {
  const { items, next_cursor, has_more } = await newestFirstPage("engines", accountId, limit, cursor);
  return { rows: items, next_cursor, has_more };
}

export interface EngineChanges {
  name?: string; base_url?: string; api_key?: string; rotate_webhook_secret?: boolean;
  /** The provider's settings and secrets after the change, from the stored ones (run inside the write). */
  provider?: (row: EngineRow) => { settings?: Json; secrets?: Json };
}

export async function updateEngine(accountId: string, id: string, c: EngineChanges): Promise<EngineRow | undefined> {
  return writeTx(async (trx) => {
    let q = trx.selectFrom("engines").selectAll().where("account_id", "=", accountId).where("id", "=", id);
    // SQLite's writeTx already holds the write lock; PostgreSQL locks the row.
    if (dialect() === "postgres") q = q.forUpdate();
    const row = await q.executeTakeFirst();
    if (!row) return undefined;
    assertSecretStaysBound({
      field: "api_key", urlField: "base_url", storedUrl: row.base_url, nextUrl: c.base_url,
      hasStoredSecret: true, secretSent: c.api_key !== undefined,
    });
    const set: Partial<EngineRow> = { updated_at: new Date().toISOString() };
    if (c.name !== undefined) set.name = c.name;
    if (c.base_url !== undefined) set.base_url = c.base_url;
    if (c.api_key !== undefined) Object.assign(set, sealKey(c.api_key, id, accountId));
    if (c.rotate_webhook_secret) Object.assign(set, newWebhookSecret(id, accountId));
    const next = c.provider?.(row);
    if (next?.settings) set.settings = JSON.stringify(next.settings);
    if (next?.secrets) Object.assign(set, sealCredentials(next.secrets, id, accountId));
    const res = await trx.updateTable("engines").set(set).where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) return undefined;
    return trx.selectFrom("engines").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  });
}

export async function deleteEngine(accountId: string, id: string): Promise<boolean> {
  const res = await db().deleteFrom("engines").where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** The engine a webhook path secret belongs to (index seek on the hash; compared in constant time by the caller's hash equality). */
export async function findEngineByWebhookSecret(secret: string): Promise<EngineRow | undefined> {
  return db().selectFrom("engines").selectAll().where("webhook_secret_hash", "=", sha256Hex(secret)).executeTakeFirst();
}

/** version: what the engine runs; null when deployed before versions and changed since. */
export interface Deployment { engine_id: string; engine_name: string; remote_agent_id: string; version: number | null; deployed_at: string; agent_updated_at: string }

export async function recordDeployment(accountId: string, d: { agent_id: string; engine_id: string; remote_agent_id: string; version?: number; agent_updated_at: string }): Promise<string> {
  const deployed_at = new Date().toISOString();
  const version = d.version ?? null; // callers outside the deploy route (bench fixtures) may name none
  await writeTx(async (trx) => {
    await trx
      .insertInto("agent_deployments")
      .values({ ...d, version, account_id: accountId, deployed_at })
      .onConflict((oc) => oc.columns(["agent_id", "engine_id"]).doUpdateSet({ remote_agent_id: d.remote_agent_id, version, agent_updated_at: d.agent_updated_at, deployed_at }))
      .execute();
    // The history late executions are stamped from (versionInForce); same-millisecond deploys keep the last.
    await trx.insertInto("agent_deployment_log")
      .values({ account_id: accountId, agent_id: d.agent_id, engine_id: d.engine_id, deployed_at, version })
      .onConflict((oc) => oc.columns(["agent_id", "engine_id", "deployed_at"]).doUpdateSet({ version }))
      .execute();
    await emitEvent(trx, accountId, "agent.deployed", { agent_id: d.agent_id, engine_id: d.engine_id, remote_agent_id: d.remote_agent_id, version, deployed_at });
  });
  return deployed_at;
}

/**
 * The version deployed on the engine at `at`: the latest deploy not after it. Only for
 * executions that started before the current deployment; null when none was recorded by then.
 */
export async function versionInForce(accountId: string, agentId: string, engineId: string, at: string): Promise<number | null> {
  const row = await db().selectFrom("agent_deployment_log").select("version")
    .where("agent_id", "=", agentId).where("engine_id", "=", engineId).where("account_id", "=", accountId)
    .where("deployed_at", "<=", at).orderBy("deployed_at", "desc").limit(1).executeTakeFirst();
  return row?.version ?? null;
}

export async function getDeployment(accountId: string, agentId: string, engineId: string) {
  return db().selectFrom("agent_deployments").selectAll()
    .where("account_id", "=", accountId).where("agent_id", "=", agentId).where("engine_id", "=", engineId).executeTakeFirst();
}

/** Deployments of the given agents, newest first per agent. */
export async function listDeployments(accountId: string, agentIds: string[]): Promise<Map<string, Deployment[]>> {
  const out = new Map<string, Deployment[]>();
  if (agentIds.length === 0) return out;
  const rows = await db()
    .selectFrom("agent_deployments as d")
    .innerJoin("engines as e", "e.id", "d.engine_id")
    .select(["d.agent_id", "d.engine_id", "e.name as engine_name", "d.remote_agent_id", "d.version", "d.deployed_at", "d.agent_updated_at"])
    .where("d.account_id", "=", accountId)
    .where("d.agent_id", "in", agentIds)
    .orderBy("d.deployed_at", "desc")
    .execute();
  for (const { agent_id, ...d } of rows) out.set(agent_id, [...(out.get(agent_id) ?? []), { ...d, version: d.version ?? null }]);
  return out;
}

/** Our agent deployed on `engineId` as `remoteAgentId`, if any (webhooks and sync map executions back with it). */
/** Every ingest asks this: a constant text, compiled once on SQLite (lib/core/prepared.ts). */
export async function findDeploymentByRemoteAgent(engineId: string, remoteAgentId: string) {
  const [row] = await runSql<AgentDeploymentsTable>(db(), "SELECT * FROM agent_deployments WHERE engine_id = ? AND remote_agent_id = ?", [engineId, remoteAgentId]);
  return row;
}

/** Every agent deployed on an engine (sync walks their executions). */
export async function deploymentsOnEngine(accountId: string, engineId: string) {
  return db().selectFrom("agent_deployments").selectAll()
    .where("account_id", "=", accountId).where("engine_id", "=", engineId).execute();
}
