import "server-only";
import { sql, type Kysely } from "kysely";
import { db, writeTx } from "@/lib/core/client";
import { decodeCursor, keysetPage } from "@/lib/core/cursor";
import type { DB } from "@/lib/core/tables";
import type { Suppression } from "@/lib/suppressions/schema";
export type { Suppression };


/**
 * Adds numbers (E.164, already validated) to the account's do-not-call list in one transaction.
 * A number already listed keeps its first reason and time and is reported as already_suppressed.
 */
export async function addSuppressions(accountId: string, numbers: readonly string[], reason: string | null) {
  const distinct = [...new Set(numbers)];
  const created_at = new Date().toISOString();
  const added = await writeTx(async (trx) => {
    const out: string[] = [];
    // 500 rows per statement: 4 parameters each stays far under both backends' limits.
    for (let i = 0; i < distinct.length; i += 500) {
      const rows = distinct.slice(i, i + 500).map((e164) => ({ account_id: accountId, e164, reason, created_at }));
      const res = await trx.insertInto("suppressions").values(rows).onConflict((oc) => oc.columns(["account_id", "e164"]).doNothing()).returning("e164").execute();
      for (const r of res) out.push(r.e164);
    }
    return out;
  });
  const addedSet = new Set(added);
  return { added: distinct.filter((n) => addedSet.has(n)), already_suppressed: distinct.filter((n) => !addedSet.has(n)) };
}

/** Newest first, keyset-paginated; `q` matches the digits of the number or the reason. */
export async function listSuppressions(accountId: string, limit: number, cursor?: string, q?: string) {
  let query = db().selectFrom("suppressions").select(["e164 as phone_number", "reason", "created_at"]).where("account_id", "=", accountId);
  if (q) {
    const digits = q.replace(/\D/g, "");
    const escaped = `%${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    query = /^[\d\s()+.-]+$/.test(q) && digits
      ? query.where(sql<boolean>`e164 LIKE ${`%${digits}%`}`)
      : query.where(sql<boolean>`lower(coalesce(reason, '')) LIKE ${escaped} ESCAPE '\\'`);
  }
  if (cursor) {
    const [createdAt, e164] = decodeCursor(cursor, 2);
    query = query.where(sql<boolean>`(created_at, e164) < (${createdAt}, ${e164})`);
  }
  const rows = await query.orderBy("created_at", "desc").orderBy("e164", "desc").limit(limit + 1).execute();
  const { items, next_cursor, has_more } = keysetPage(rows, limit, (r) => [r.created_at, r.phone_number]);
  return { suppressions: items, next_cursor, has_more };
}

export async function deleteSuppression(accountId: string, e164: string): Promise<boolean> {
  const res = await db().deleteFrom("suppressions").where("account_id", "=", accountId).where("e164", "=", e164).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** The dispatcher's check, made right before each dial. */
export async function isSuppressed(accountId: string, e164: string): Promise<boolean> {
  const row = await db().selectFrom("suppressions").select("e164").where("account_id", "=", accountId).where("e164", "=", e164).executeTakeFirst();
  return row !== undefined;
}

/** Which of `numbers` are on the account's do-not-call list (the dispatcher's batch check, in its claim transaction). */
export async function suppressedAmong(trx: Kysely<DB>, accountId: string, numbers: readonly string[]): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const rows = await trx.selectFrom("suppressions").select("e164").where("account_id", "=", accountId).where("e164", "in", [...new Set(numbers)]).execute();
  return new Set(rows.map((r) => r.e164));
}
