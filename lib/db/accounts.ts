import "server-only";
import crypto from "node:crypto";
import { db } from "./client";
import { sqliteStatement } from "./prepared";

const now = () => new Date().toISOString();

export interface AccountRow { id: string; name: string; created_at: string }
export interface TokenInfo { token_id: string; last4: string; created_at: string; last_used_at: string | null; revoked_at: string | null }
export interface Principal { accountId: string; accountName: string; credentialId: string }

export async function createAccount(name: string): Promise<AccountRow> {
  const row = { id: crypto.randomUUID(), name, created_at: now() };
  await db().insertInto("accounts").values(row).execute();
  return row;
}

export async function getAccount(accountId: string): Promise<AccountRow | undefined> {
  return db().selectFrom("accounts").selectAll().where("id", "=", accountId).executeTakeFirst();
}

/** Stores a token by hash; `token` itself is never persisted. */
export async function insertApiToken(accountId: string, token: string, tokenHash: string): Promise<string> {
  const id = crypto.randomUUID();
  await db()
    .insertInto("api_tokens")
    .values({ id, account_id: accountId, token_hash: tokenHash, last4: token.slice(-4), created_at: now(), last_used_at: null, revoked_at: null })
    .execute();
  return id;
}

export async function listApiTokens(accountId: string): Promise<TokenInfo[]> {
  return db()
    .selectFrom("api_tokens")
    .select(["id as token_id", "last4", "created_at", "last_used_at", "revoked_at"])
    .where("account_id", "=", accountId)
    .orderBy("created_at", "desc")
    .execute();
}

/** Operator action (CLI): revokes by token id; returns false when there is no such live token. */
export async function revokeApiToken(tokenId: string): Promise<boolean> {
  const res = await db()
    .updateTable("api_tokens")
    .set({ revoked_at: now() })
    .where("id", "=", tokenId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

type PrincipalRow = { id: string; token_hash: string; account_id: string; name: string };
const toPrincipal = (row: PrincipalRow | undefined) =>
  row && { accountId: row.account_id, accountName: row.name, credentialId: row.id, tokenHash: row.token_hash };

// Every API request looks its credential up: on SQLite these run as statements prepared once per
// connection (lib/db/prepared.ts). Still one indexed read per request, never a cache, so a revoked
// token or an ended session is refused at once, whichever process changed it.
const TOKEN_SQL = "SELECT t.id, t.token_hash, a.id AS account_id, a.name FROM api_tokens t JOIN accounts a ON a.id = t.account_id WHERE t.token_hash = ? AND t.revoked_at IS NULL";
const SESSION_SQL = "SELECT s.id, s.session_hash AS token_hash, a.id AS account_id, a.name FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.session_hash = ? AND s.expires_at > ?";

export async function findPrincipalByTokenHash(tokenHash: string): Promise<(Principal & { tokenHash: string }) | undefined> {
  const stmt = sqliteStatement(TOKEN_SQL);
  if (stmt) return toPrincipal(stmt.get(tokenHash) as PrincipalRow | undefined);
  const row = await db()
    .selectFrom("api_tokens as t")
    .innerJoin("accounts as a", "a.id", "t.account_id")
    .select(["t.id", "t.token_hash", "a.id as account_id", "a.name"])
    .where("t.token_hash", "=", tokenHash)
    .where("t.revoked_at", "is", null)
    .executeTakeFirst();
  return row && { accountId: row.account_id, accountName: row.name, credentialId: row.id, tokenHash: row.token_hash };
}

export async function touchApiToken(tokenId: string): Promise<void> {
  await db().updateTable("api_tokens").set({ last_used_at: now() }).where("id", "=", tokenId).execute();
}

export async function createSession(accountId: string, sessionHash: string, ttlHours: number): Promise<{ expires_at: string }> {
  const expires_at = new Date(Date.now() + ttlHours * 3_600_000).toISOString();
  await db()
    .insertInto("sessions")
    .values({ id: crypto.randomUUID(), account_id: accountId, session_hash: sessionHash, created_at: now(), expires_at })
    .execute();
  return { expires_at };
}

export async function findPrincipalBySessionHash(sessionHash: string): Promise<(Principal & { tokenHash: string }) | undefined> {
  const stmt = sqliteStatement(SESSION_SQL);
  if (stmt) return toPrincipal(stmt.get(sessionHash, now()) as PrincipalRow | undefined);
  const row = await db()
    .selectFrom("sessions as s")
    .innerJoin("accounts as a", "a.id", "s.account_id")
    .select(["s.id", "s.session_hash", "a.id as account_id", "a.name"])
    .where("s.session_hash", "=", sessionHash)
    .where("s.expires_at", ">", now())
    .executeTakeFirst();
  return row && { accountId: row.account_id, accountName: row.name, credentialId: row.id, tokenHash: row.session_hash };
}

export async function deleteSession(sessionHash: string): Promise<void> {
  await db().deleteFrom("sessions").where("session_hash", "=", sessionHash).execute();
}
