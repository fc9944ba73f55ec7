import "server-only";
import crypto from "node:crypto";
import { sql } from "kysely";
import { describeAudit } from "@/lib/core/audit-context";
import { db, writeTx } from "@/lib/core/client";
import { decodeCursor, keysetPage } from "@/lib/core/cursor";
import type { ContactList, ContactRecord } from "@/lib/contacts/schema";
export type { ContactList, ContactRecord };


const LIST_COLS = ["id as list_id", "name", "default_country", "contact_count", "created_at"] as const;

export async function createList(accountId: string, name: string, defaultCountry: string | null): Promise<ContactList> {
  const row = { id: crypto.randomUUID(), account_id: accountId, name, default_country: defaultCountry, contact_count: 0, created_at: new Date().toISOString() };
  describeAudit({ resourceId: row.id }); // the audit row of this request names what it created
  await db().insertInto("contact_lists").values(row).execute();
  return { list_id: row.id, name, default_country: defaultCountry, contact_count: 0, created_at: row.created_at };
}

export async function getList(accountId: string, listId: string): Promise<ContactList | undefined> {
  return db().selectFrom("contact_lists").select([...LIST_COLS]).where("account_id", "=", accountId).where("id", "=", listId).executeTakeFirst();
}

export async function listLists(accountId: string, limit: number, cursor?: string) {
  let q = db().selectFrom("contact_lists").select([...LIST_COLS]).where("account_id", "=", accountId);
  if (cursor) {
    const [createdAt, id] = decodeCursor(cursor, 2);
    q = q.where(sql<boolean>`(created_at, id) < (${createdAt}, ${id})`);
  }
  const rows = await q.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit + 1).execute();
  const { items, next_cursor, has_more } = keysetPage(rows, limit, (r) => [r.created_at, r.list_id]);
  return { lists: items, next_cursor, has_more };
}

export async function renameList(accountId: string, listId: string, name: string): Promise<ContactList | undefined> {
  const res = await db().updateTable("contact_lists").set({ name }).where("account_id", "=", accountId).where("id", "=", listId).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0 ? getList(accountId, listId) : undefined;
}

/** Deletes the list; its contacts go with it (ON DELETE CASCADE), in the same statement. */
export async function deleteList(accountId: string, listId: string): Promise<boolean> {
  const res = await db().deleteFrom("contact_lists").where("account_id", "=", accountId).where("id", "=", listId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Removes one contact and decrements the list's count in one transaction. */
export async function deleteContact(accountId: string, listId: string, contactId: string): Promise<boolean> {
  return writeTx(async (trx) => {
    const res = await trx
      .deleteFrom("contacts")
      .where("id", "=", contactId)
      .where("list_id", "=", listId)
      .where("list_id", "in", (eb) => eb.selectFrom("contact_lists").select("id").where("id", "=", listId).where("account_id", "=", accountId))
      .executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) return false;
    await trx.updateTable("contact_lists").set((eb) => ({ contact_count: eb("contact_count", "-", 1) })).where("id", "=", listId).where("account_id", "=", accountId).execute();
    return true;
  });
}

/**
 * Free-text search: phone-like input (digits and + ( ) . - spaces) matches E.164 numbers containing
 * its digits (leading trunk zeros dropped, so `020 7946` finds +44 20 7946…); anything else is a
 * case-insensitive substring of a template variable value (`search_text` is lower-cased on insert).
 * Both scan only this list's rows, newest first, and stop once the page is full
 * (docs/decisions.md, "Contacts": why no full-text index). LIKE with ESCAPE reads the same on both backends.
 */
function searchCondition(q: string) {
  const digits = q.replace(/\D/g, "").replace(/^0+/, "");
  if (/^[\d\s()+.-]+$/.test(q) && digits) return sql<boolean>`c.e164 LIKE ${`%${digits}%`}`;
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return sql<boolean>`c.search_text LIKE ${pattern} ESCAPE '\\'`;
}

export async function listContacts(accountId: string, listId: string, opts: { limit: number; cursor?: string; q?: string }) {
  let q = db()
    .selectFrom("contacts as c")
    .innerJoin("contact_lists as l", "l.id", "c.list_id")
    .select(["c.seq", "c.id", "c.e164", "c.phone_number", "c.template_variables", "c.created_at"])
    .where("l.account_id", "=", accountId)
    .where("c.list_id", "=", listId);
  if (opts.q) q = q.where(searchCondition(opts.q));
  if (opts.cursor) {
    const [seq] = decodeCursor(opts.cursor, 1);
    q = q.where("c.seq", "<", Number(seq));
  }
  const rows = await q.orderBy("c.seq", "desc").limit(opts.limit + 1).execute();
  const { items, next_cursor, has_more } = keysetPage(rows, opts.limit, (r) => [Number(r.seq)]);
  const contacts: ContactRecord[] = items.map((r) => ({
    contact_id: r.id, phone_number: r.e164, phone_number_as_sent: r.phone_number,
    template_variables: JSON.parse(r.template_variables), created_at: r.created_at,
  }));
  return { contacts, next_cursor, has_more };
}

/** Operator lookup for the CLI, which has no account of its own: whose list is this? */
export async function findListAccount(listId: string): Promise<string | undefined> {
  const row = await db().selectFrom("contact_lists").select("account_id").where("id", "=", listId).executeTakeFirst();
  return row?.account_id;
}
