import "server-only";
import { sql } from "kysely";
import { db, dialect, writeTx } from "@/lib/core/client";
import { decodeCursor, keysetPage, type KeysetPage } from "@/lib/core/cursor";
import { uuid7Batch } from "@/lib/core/uuid7";
import type { EngineSyncsTable } from "../tables";

// engine_syncs (migration 0026): pulls of an engine's past calls, run in the background. A running
// row is claimed by a conditional UPDATE that stamps a fresh claim value and a lease (SKIP LOCKED on
// PostgreSQL; SQLite's writer lock serialises the claim); only the holder of that value may write
// the run, so a worker whose lease lapsed (its process died and another took the run over) writes
// nothing, and a run ends once.

export type SyncRow = Omit<EngineSyncsTable, "claim" | "lease_until">;
export interface SyncCounts { imported: number; updated: number; unchanged: number; pages: number }

const COLUMNS = ["id", "account_id", "engine_id", "status", "range_from", "range_to", "imported", "updated", "unchanged", "pages",
  "error", "attempts", "started_at", "finished_at"] as const;

/** A run of [from, to] asked for now; the worker claims it. Its audit row (the request's) is written with it. */
export async function createSync(accountId: string, engineId: string, range: { from: number; to: number }): Promise<SyncRow> {
  const row: SyncRow = {
    id: uuid7Batch(1)[0], account_id: accountId, engine_id: engineId, status: "running",
    range_from: new Date(range.from).toISOString(), range_to: new Date(range.to).toISOString(),
    imported: 0, updated: 0, unchanged: 0, pages: 0, error: null, attempts: 0,
    started_at: new Date().toISOString(), finished_at: null,
  };
  // Unclaimed (claim and lease_until NULL): due at once.
  await writeTx((trx) => trx.insertInto("engine_syncs").values(row).execute());
  return row;
}

export async function getSync(accountId: string, engineId: string, id: string): Promise<SyncRow | undefined> {
  return db().selectFrom("engine_syncs").select(COLUMNS)
    .where("account_id", "=", accountId).where("engine_id", "=", engineId).where("id", "=", id).executeTakeFirst();
}

/** The engine's runs, newest first, a keyset page (started_at, id). */
export async function listSyncs(accountId: string, engineId: string, limit: number, cursor?: string): Promise<KeysetPage<SyncRow>> {
  let q = db().selectFrom("engine_syncs").select(COLUMNS).where("account_id", "=", accountId).where("engine_id", "=", engineId);
  if (cursor) {
    const [startedAt, id] = decodeCursor(cursor, 2);
    q = q.where(sql<boolean>`(started_at, id) < (${startedAt}, ${id})`);
  }
  const rows = await q.orderBy("started_at", "desc").orderBy("id", "desc").limit(limit + 1).execute();
  return keysetPage(rows, limit, (r) => [r.started_at, r.id]);
}

const due = (now: string) => sql<boolean>`(status = 'running' AND (lease_until IS NULL OR lease_until <= ${now}))`;

/**
 * Claims up to `limit` runs that nobody holds (new, or their holder's lease lapsed), oldest first.
 * A run taken over starts again from its range, so its counts start again from 0. A plain read
 * first: an idle tick takes no write lock (SQLite).
 */
export async function claimSyncs(claim: string, limit: number, now: Date, leaseMs: number): Promise<SyncRow[]> {
  const at = now.toISOString();
  const any = await sql`SELECT 1 AS one FROM engine_syncs WHERE ${due(at)} LIMIT 1`.execute(db());
  if (!any.rows.length) return [];
  const lease = new Date(now.getTime() + leaseMs).toISOString();
  const lock = dialect() === "postgres" ? sql` FOR UPDATE SKIP LOCKED` : sql``;
  const res = await sql<SyncRow>`WITH picked AS (SELECT id FROM engine_syncs WHERE ${due(at)} ORDER BY started_at, id LIMIT ${limit}${lock})
    UPDATE engine_syncs SET attempts = attempts + 1, claim = ${claim}, lease_until = ${lease}, imported = 0, updated = 0, unchanged = 0, pages = 0
    WHERE id IN (SELECT id FROM picked) AND ${due(at)}
    RETURNING ${sql.join(COLUMNS.map((c) => sql.ref(c)))}`.execute(db());
  return res.rows;
}

const mine = (id: string, claim: string) => sql<boolean>`id = ${id} AND claim = ${claim} AND status = 'running'`;
const changed = (res: { numAffectedRows?: bigint }) => Number(res.numAffectedRows ?? 0) > 0;

/** The counts so far, and the lease pushed on to `leaseUntil`. false: the claim is lost (stop). */
export async function saveSyncProgress(id: string, claim: string, counts: SyncCounts, leaseUntil: Date): Promise<boolean> {
  return changed(await sql`UPDATE engine_syncs SET imported = ${counts.imported}, updated = ${counts.updated}, unchanged = ${counts.unchanged},
      pages = ${counts.pages}, lease_until = ${leaseUntil.toISOString()} WHERE ${mine(id, claim)}`.execute(db()));
}

/** Only the lease pushed on (a page that takes long). false: the claim is lost. */
export async function renewSync(id: string, claim: string, leaseUntil: Date): Promise<boolean> {
  return changed(await sql`UPDATE engine_syncs SET lease_until = ${leaseUntil.toISOString()} WHERE ${mine(id, claim)}`.execute(db()));
}

/** Ends the run (done, or failed with why), if this claim still holds it. */
export async function endSync(id: string, claim: string, end: { counts: SyncCounts; error: string | null }): Promise<boolean> {
  const { counts, error } = end;
  return changed(await sql`UPDATE engine_syncs SET status = ${error === null ? "done" : "failed"}, error = ${error},
      imported = ${counts.imported}, updated = ${counts.updated}, unchanged = ${counts.unchanged}, pages = ${counts.pages},
      claim = NULL, lease_until = NULL, finished_at = ${new Date().toISOString()} WHERE ${mine(id, claim)}`.execute(db()));
}

/** Puts the run back for any instance to take at once (this process is stopping); the claim is not counted. */
export async function releaseSync(id: string, claim: string): Promise<boolean> {
  return changed(await sql`UPDATE engine_syncs SET claim = NULL, lease_until = NULL, attempts = attempts - 1 WHERE ${mine(id, claim)}`.execute(db()));
}
