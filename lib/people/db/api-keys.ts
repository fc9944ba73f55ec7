import "server-only";
import crypto from "node:crypto";
import { describeAudit } from "@/lib/core/audit-context";
import { db, writeTx } from "@/lib/core/client";
import type { KeyInfo } from "@/lib/people/schema";
import { keyRole } from "@/lib/people/key-role";
export type { KeyInfo };

/**
 * Stores the key by SHA-256 only; the caller shows the key once. `memberId`: the member it acts for
 * (with at most their role, read at each request); null makes an account-level key (owner power),
 * which only an account-level credential may mint.
 */
export async function createApiKey(accountId: string, k: { name: string; scope: string; key: string; keyHash: string; memberId: string | null }) {
  const row = {
    id: crypto.randomUUID(), account_id: accountId, token_hash: k.keyHash, last4: k.key.slice(-4), name: k.name, scope: k.scope,
    created_by: k.memberId, kind: k.memberId ? "member" : "account", created_at: new Date().toISOString(), last_used_at: null, revoked_at: null,
  };
  describeAudit({ resourceId: row.id }); // the row written with this transaction names the key
  await writeTx((trx) => trx.insertInto("api_tokens").values(row).execute());
  return { key_id: row.id, name: row.name, scope: row.scope, last4: row.last4, created_at: row.created_at, account_level: !k.memberId };
}

/**
 * Live keys of the account, newest first, with the member each acts for and the role it has now.
 * A member's key whose member is gone cannot act (removal revokes it): it is not listed.
 */
export async function listApiKeys(accountId: string): Promise<KeyInfo[]> {
  const rows = await db()
    .selectFrom("api_tokens as t")
    .leftJoin("users as u", (j) => j.onRef("u.id", "=", "t.created_by").onRef("u.account_id", "=", "t.account_id"))
    .select(["t.id", "t.name", "t.scope", "t.kind", "t.created_by", "t.last4", "t.created_at", "t.last_used_at", "u.email", "u.role as creator_role"])
    .where("t.account_id", "=", accountId)
    .where("t.revoked_at", "is", null)
    .orderBy("t.created_at", "desc")
    .execute();
  return rows.flatMap((r) => {
    const role = keyRole({ kind: r.kind ?? null, scope: r.scope ?? null, created_by: r.created_by ?? null, creator_role: r.creator_role });
    if (!role) return [];
    const scope = r.scope === "read_only" ? "read_only" : "full";
    return [{
      key_id: r.id, name: r.name ?? "", scope, last4: r.last4, created_at: r.created_at, created_by: r.email ?? null,
      account_level: r.kind !== "member", role, last_used_at: r.last_used_at,
    } satisfies KeyInfo];
  });
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
