import "server-only";
import crypto from "node:crypto";
import { describeAudit } from "@/lib/core/audit-context";
import { db, writeTx } from "@/lib/core/client";

export interface ApiKeyInfo {
  key_id: string; name: string; scope: string; last4: string; created_at: string;
  created_by: string | null; last_used_at: string | null;
}

/** Stores the key by SHA-256 only; the caller shows the key once. */
export async function createApiKey(accountId: string, k: { name: string; scope: string; key: string; keyHash: string; createdBy: string | null }): Promise<ApiKeyInfo> {
  const row = {
    id: crypto.randomUUID(), account_id: accountId, token_hash: k.keyHash, last4: k.key.slice(-4), name: k.name, scope: k.scope,
    created_by: k.createdBy, created_at: new Date().toISOString(), last_used_at: null, revoked_at: null,
  };
  describeAudit({ resourceId: row.id }); // the row written with this transaction names the key
  await writeTx((trx) => trx.insertInto("api_tokens").values(row).execute());
  return { key_id: row.id, name: row.name, scope: row.scope, last4: row.last4, created_at: row.created_at, created_by: k.createdBy, last_used_at: null };
}

/** Live keys of the account, newest first, with the creator's email. */
export async function listApiKeys(accountId: string): Promise<ApiKeyInfo[]> {
  const rows = await db()
    .selectFrom("api_tokens as t")
    .leftJoin("users as u", "u.id", "t.created_by")
    .select(["t.id", "t.name", "t.scope", "t.last4", "t.created_at", "t.last_used_at", "u.email"])
    .where("t.account_id", "=", accountId)
    .where("t.revoked_at", "is", null)
    .orderBy("t.created_at", "desc")
    .execute();
  return rows.map((r) => ({ key_id: r.id, name: r.name ?? "", scope: r.scope ?? "full", last4: r.last4, created_at: r.created_at, created_by: r.email ?? null, last_used_at: r.last_used_at }));
}

/** Revokes a live key of the account (false: no such key); its console sessions end with it. */
export async function revokeApiKey(accountId: string, keyId: string): Promise<boolean> {
  return writeTx(async (trx) => {
    const res = await trx.updateTable("api_tokens").set({ revoked_at: new Date().toISOString() })
      .where("account_id", "=", accountId).where("id", "=", keyId).where("revoked_at", "is", null).executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) return false;
    await trx.deleteFrom("sessions").where("token_id", "=", keyId).execute();
    return true;
  });
}
