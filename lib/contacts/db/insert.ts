import "server-only";
import { db, dialect, rawSqlite } from "@/lib/core/client";
import { uuid7Batch } from "@/lib/core/uuid7";

export interface NewContact { phone_number: string; e164: string; template_variables: Record<string, string | number | boolean> }

/** Lower-cased variable values, one per line: what a text `q` searches. */
const searchText = (vars: NewContact["template_variables"]) =>
  Object.values(vars).map((v) => String(v).toLowerCase()).join("\n");

/**
 * The add hot path: one transaction, INSERT … ON CONFLICT (list_id, e164) DO NOTHING, so the unique
 * index alone decides what is a duplicate and concurrent requests (and processes, and instances) add
 * each number once. The list's count moves in the same transaction. Returns, per input row, the new
 * contact id or null for a duplicate; undefined when the list is not (or no longer) the account's.
 * `rows` must not repeat an E.164 number (the caller drops repeats within a request).
 */
export async function insertContacts(accountId: string, listId: string, rows: readonly NewContact[]): Promise<(string | null)[] | undefined> {
  return dialect() === "postgres" ? insertContactsPg(accountId, listId, rows) : insertContactsSqlite(accountId, listId, rows);
}

/**
 * SQLite: BEGIN IMMEDIATE (waits on busy_timeout for another process's writer) and one prepared
 * statement run per row; a duplicate is `changes === 0`.
 */
async function insertContactsSqlite(accountId: string, listId: string, rows: readonly NewContact[]) {
  const raw = rawSqlite();
  // Hold Kysely's connection lock so no async Kysely transaction interleaves with this one.
  return db().connection().execute(async () => {
    const owns = raw.prepare("SELECT 1 FROM contact_lists WHERE id = ? AND account_id = ?").pluck();
    const insert = raw.prepare(
      `INSERT INTO contacts (id, list_id, phone_number, e164, template_variables, search_text, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (list_id, e164) DO NOTHING`,
    );
    const bump = raw.prepare("UPDATE contact_lists SET contact_count = contact_count + ? WHERE id = ? AND account_id = ?");
    const run = raw.transaction((batch: readonly NewContact[]) => {
      // Re-checked under the write lock: the list may have been deleted since the caller looked.
      if (!owns.get(listId, accountId)) return undefined;
      const now = new Date().toISOString();
      const fresh = uuid7Batch(batch.length);
      const ids: (string | null)[] = new Array(batch.length);
      let added = 0;
      for (let i = 0; i < batch.length; i++) {
        const c = batch[i];
        const res = insert.run(fresh[i], listId, c.phone_number, c.e164, JSON.stringify(c.template_variables), searchText(c.template_variables), now);
        ids[i] = res.changes === 0 ? null : fresh[i];
        if (res.changes !== 0) added++;
      }
      if (added > 0) bump.run(added, listId, accountId);
      return ids;
    });
    return run.immediate(rows);
  });
}

const PG_CHUNK = 2_000; // 7 parameters a row stays far below PostgreSQL's 65,535

/**
 * PostgreSQL: the list row is locked first (FOR UPDATE), so a concurrent delete of the list waits
 * instead of failing our inserts on the foreign key, and adds to one list run one at a time (adds
 * to different lists do not wait for each other); multi-row inserts RETURN the ids really inserted.
 */
async function insertContactsPg(accountId: string, listId: string, rows: readonly NewContact[]) {
  return db().transaction().execute(async (trx) => {
    const list = await trx.selectFrom("contact_lists").select("id").where("id", "=", listId).where("account_id", "=", accountId).forUpdate().executeTakeFirst();
    if (!list) return undefined;
    const now = new Date().toISOString();
    const fresh = uuid7Batch(rows.length);
    const indexOf = new Map(fresh.map((id, i) => [id, i]));
    const ids: (string | null)[] = new Array(rows.length).fill(null);
    let added = 0;
    for (let start = 0; start < rows.length; start += PG_CHUNK) {
      const values = rows.slice(start, start + PG_CHUNK).map((c, k) => ({
        id: fresh[start + k], list_id: listId, phone_number: c.phone_number, e164: c.e164,
        template_variables: JSON.stringify(c.template_variables), search_text: searchText(c.template_variables), created_at: now,
      }));
      const done = await trx.insertInto("contacts").values(values)
        .onConflict((oc) => oc.columns(["list_id", "e164"]).doNothing()).returning("id").execute();
      for (const { id } of done) ids[indexOf.get(id)!] = id;
      added += done.length;
    }
    if (added > 0) {
      await trx.updateTable("contact_lists").set((eb) => ({ contact_count: eb("contact_count", "+", added) }))
        .where("id", "=", listId).where("account_id", "=", accountId).execute();
    }
    return ids;
  });
}
