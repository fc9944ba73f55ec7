import "server-only";
import crypto from "node:crypto";
import { keyFacts, keyRole, type KeyColumns } from "@/lib/people/key-role";
import { isRole, type Role } from "@/lib/people/roles";
import { db } from "@/lib/core/client";
import { sqliteStatement } from "@/lib/core/prepared";

const now = () => new Date().toISOString();

export interface AccountRow { id: string; name: string; created_at: string }
export interface TokenInfo { token_id: string; last4: string; created_at: string; last_used_at: string | null; revoked_at: string | null }
/**
 * Who is calling. A user's role is read from `users` on every request (never cached), so a role
 * change or removal applies at once; so is the role of the member a key acts for (keyRole).
 */
export interface Principal {
  accountId: string; accountName: string; credentialId: string;
  role: Role; userId: string | null; keyId: string | null; label: string;
  /** The member whose role this credential carries: the signed-in user or a key's creator; null for an account-level key. */
  memberId: string | null;
  /** The scope of the key behind the request (Bearer, or the session signed in with it); null for a user. */
  keyScope: "full" | "read_only" | null;
}

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

type TokenRow = KeyColumns & { id: string; token_hash: string; account_id: string; name: string; key_name: string | null; last4: string };
function tokenPrincipal(row: TokenRow | undefined): (Principal & { tokenHash: string }) | undefined {
  const role = row && keyRole(row);
  return row && role && {
    accountId: row.account_id, accountName: row.name, credentialId: row.id, tokenHash: row.token_hash,
    role, userId: null, keyId: row.id, label: `key ${row.key_name || "…" + row.last4}`, ...keyFacts(row),
  };
}

type SessionRow = KeyColumns & {
  id: string; token_hash: string; account_id: string; name: string; user_id: string | null; token_id: string | null;
  role: string | null; email: string | null; revoked_at: string | null; key_name: string | null;
};
function sessionPrincipal(row: SessionRow | undefined): (Principal & { tokenHash: string }) | undefined {
  // A session whose token was revoked (or is gone) since ends with it.
  if (!row || (row.token_id && (row.revoked_at || row.kind === null))) return undefined;
  const base = { accountId: row.account_id, accountName: row.name, credentialId: row.id, tokenHash: row.token_hash };
  if (row.user_id) {
    const role: Role = isRole(row.role) ? row.role : "viewer";
    return { ...base, role, userId: row.user_id, keyId: null, label: row.email ?? "user", memberId: row.user_id, keyScope: null };
  }
  // Sessions from before 0006 have neither user nor token: they act as the account (owner).
  if (!row.token_id) return { ...base, role: "owner", userId: null, keyId: null, label: "key session", memberId: null, keyScope: null };
  const role = keyRole(row);
  return role && { ...base, role, userId: null, keyId: row.token_id, label: `key ${row.key_name || "session"}`, ...keyFacts(row) };
}

// Every API request looks its credential up: on SQLite these run as statements prepared once per
// connection (lib/core/prepared.ts). Still one indexed read per request, never a cache, so a revoked
// token, an ended session, a removed member or a changed role applies at once, whichever process
// changed it.
// A key's member is joined within the key's account only.
const TOKEN_SQL =
  "SELECT t.id, t.token_hash, t.scope, t.kind, t.created_by, k.role AS creator_role, t.name AS key_name, t.last4, a.id AS account_id, a.name " +
  "FROM api_tokens t JOIN accounts a ON a.id = t.account_id LEFT JOIN users k ON k.id = t.created_by AND k.account_id = t.account_id " +
  "WHERE t.token_hash = ? AND t.revoked_at IS NULL";
const SESSION_SQL =
  "SELECT s.id, s.session_hash AS token_hash, s.user_id, s.token_id, a.id AS account_id, a.name, u.role, u.email, " +
  "t.scope, t.kind, t.created_by, k.role AS creator_role, t.revoked_at, t.name AS key_name " +
  "FROM sessions s JOIN accounts a ON a.id = s.account_id LEFT JOIN users u ON u.id = s.user_id LEFT JOIN api_tokens t ON t.id = s.token_id " +
  "LEFT JOIN users k ON k.id = t.created_by AND k.account_id = t.account_id " +
  "WHERE s.session_hash = ? AND s.expires_at > ?";

export async function findPrincipalByTokenHash(tokenHash: string): Promise<(Principal & { tokenHash: string }) | undefined> {
  const stmt = sqliteStatement(TOKEN_SQL);
  if (stmt) return tokenPrincipal(stmt.get(tokenHash) as TokenRow | undefined);
  const row = await db()
    .selectFrom("api_tokens as t")
    .innerJoin("accounts as a", "a.id", "t.account_id")
    .leftJoin("users as k", (j) => j.onRef("k.id", "=", "t.created_by").onRef("k.account_id", "=", "t.account_id"))
    .select(["t.id", "t.token_hash", "t.scope", "t.kind", "t.created_by", "k.role as creator_role", "t.name as key_name", "t.last4", "a.id as account_id", "a.name"])
    .where("t.token_hash", "=", tokenHash)
    .where("t.revoked_at", "is", null)
    .executeTakeFirst();
  return tokenPrincipal(row && { ...row, scope: row.scope ?? null, kind: row.kind ?? null, created_by: row.created_by ?? null, key_name: row.key_name ?? null });
}

export async function touchApiToken(tokenId: string): Promise<void> {
  await db().updateTable("api_tokens").set({ last_used_at: now() }).where("id", "=", tokenId).execute();
}

/** A session for a user (email sign-in) or for the API token it was traded for (token sign-in). */
export async function createSession(
  accountId: string, sessionHash: string, ttlHours: number, owner: { userId?: string; tokenId?: string } = {}, trx = db(),
): Promise<{ expires_at: string }> {
  const expires_at = new Date(Date.now() + ttlHours * 3_600_000).toISOString();
  await trx
    .insertInto("sessions")
    .values({ id: crypto.randomUUID(), account_id: accountId, session_hash: sessionHash, created_at: now(), expires_at, user_id: owner.userId ?? null, token_id: owner.tokenId ?? null })
    .execute();
  return { expires_at };
}

export async function findPrincipalBySessionHash(sessionHash: string): Promise<(Principal & { tokenHash: string }) | undefined> {
  const stmt = sqliteStatement(SESSION_SQL);
  if (stmt) return sessionPrincipal(stmt.get(sessionHash, now()) as SessionRow | undefined);
  const row = await db()
    .selectFrom("sessions as s")
    .innerJoin("accounts as a", "a.id", "s.account_id")
    .leftJoin("users as u", "u.id", "s.user_id")
    .leftJoin("api_tokens as t", "t.id", "s.token_id")
    .leftJoin("users as k", (j) => j.onRef("k.id", "=", "t.created_by").onRef("k.account_id", "=", "t.account_id"))
    .select([
      "s.id", "s.session_hash as token_hash", "s.user_id", "s.token_id", "a.id as account_id", "a.name", "u.role", "u.email",
      "t.scope", "t.kind", "t.created_by", "k.role as creator_role", "t.revoked_at", "t.name as key_name",
    ])
    .where("s.session_hash", "=", sessionHash)
    .where("s.expires_at", ">", now())
    .executeTakeFirst();
  return sessionPrincipal(row && {
    ...row, user_id: row.user_id ?? null, token_id: row.token_id ?? null, scope: row.scope ?? null,
    kind: row.kind ?? null, created_by: row.created_by ?? null, key_name: row.key_name ?? null,
  });
}

export async function deleteSession(sessionHash: string): Promise<void> {
  await db().deleteFrom("sessions").where("session_hash", "=", sessionHash).execute();
}
