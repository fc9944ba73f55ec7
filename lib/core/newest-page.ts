import "server-only";
import { sql, type Kysely, type Selectable } from "kysely";
import { db } from "./client";
import { decodeCursor, keysetPage, type KeysetPage } from "./cursor";
import type { DB } from "./tables";

/** Tables listed newest first by (created_at, id) under an account: an index on (account_id, created_at, id) serves each. */
type NewestFirst = "engines" | "ai_providers" | "webhook_endpoints";
type Keyed = Record<NewestFirst, { account_id: string; created_at: string; id: string }>;

/** One keyset page of an account's rows of `table`, newest first (the cursor is the last row's created_at and id). */
export async function newestFirstPage<T extends NewestFirst>(table: T, accountId: string, limit: number, cursor?: string): Promise<KeysetPage<Selectable<DB[T]>>> {
  // The three tables share the key columns; Kysely cannot see that through a generic table name.
  let q = (db() as unknown as Kysely<Keyed>).selectFrom(table as NewestFirst).selectAll().where("account_id", "=", accountId);
  if (cursor) {
    const [createdAt, id] = decodeCursor(cursor, 2);
    q = q.where(sql<boolean>`(created_at, id) < (${createdAt}, ${id})`);
  }
  const rows = await q.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit + 1).execute();
  return keysetPage(rows, limit, (r) => [r.created_at, r.id]) as unknown as KeysetPage<Selectable<DB[T]>>;
}
