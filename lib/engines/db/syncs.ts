import "server-only";
import { sql, type Kysely } from "kysely";
import { db, writeTx } from "@/lib/core/client";
import { changed, claimJobs, endJob, type QueueTable } from "@/lib/core/job-queue-db";
import type { DB } from "@/lib/core/tables";
import { decodeCursor, keysetPage, type KeysetPage } from "@/lib/core/cursor";
import { uuid7Batch } from "@/lib/core/uuid7";
import type { EngineSyncsTable } from "../tables";

// engine_syncs (migration 0026): pulls of an engine's past calls, run in the background, a queue of
// the one job queue (lib/core/job-queue.ts): a running row is claimed with a fresh claim value and a
// lease; only the holder of that value may write the run, so a worker whose lease lapsed (its process
// died and another took the run over) writes nothing, and a run ends once.

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

/**
 * The table as the one job queue sees it (lib/core/job-queue-db.ts): a run waits while `running` and
 * unheld; a run taken over starts again from its range, so its counts start again from 0; its end
 * keeps the row, done or failed with why.
 */
export const ENGINE_SYNCS: QueueTable<SyncRow> = {
  table: "engine_syncs",
  key: ["id"],
  columns: COLUMNS,
  order: ["started_at", "id"],
  waiting: () => sql<boolean>`status = 'running'`,
  onClaim: () => sql`, imported = 0, updated = 0, unchanged = 0, pages = 0`,
  end: async (exec, held, end) => changed(await sql`UPDATE engine_syncs SET status = ${end.status}, error = ${end.status === "failed" ? end.reason : null},
    claim = NULL, lease_until = NULL, finished_at = ${new Date().toISOString()} WHERE ${held} AND status = 'running'`.execute(exec)),
};

/** Claims up to `limit` runs that nobody holds (new, or their holder's lease lapsed), oldest first. */
export const claimSyncs = (claim: string, limit: number, now: Date, leaseMs: number) => claimJobs(ENGINE_SYNCS, claim, limit, now, leaseMs);

const mine = (id: string, claim: string) => sql<boolean>`id = ${id} AND claim = ${claim} AND status = 'running'`;

/** The counts so far, and the lease pushed on to `leaseUntil`. false: the claim is lost (stop). */
export async function saveSyncProgress(id: string, claim: string, counts: SyncCounts, leaseUntil: Date): Promise<boolean> {
  return changed(await sql`UPDATE engine_syncs SET imported = ${counts.imported}, updated = ${counts.updated}, unchanged = ${counts.unchanged},
      pages = ${counts.pages}, lease_until = ${leaseUntil.toISOString()} WHERE ${mine(id, claim)}`.execute(db()));
}

/** A run's final counts, inside the transaction that ends it (lib/core/job-queue.ts checked the claim). */
export async function writeSyncCounts(trx: Kysely<DB>, id: string, counts: SyncCounts): Promise<void> {
  await sql`UPDATE engine_syncs SET imported = ${counts.imported}, updated = ${counts.updated}, unchanged = ${counts.unchanged},
    pages = ${counts.pages} WHERE id = ${id}`.execute(trx);
}

/** Ends the run (done, or failed with why) with its counts, if this claim still holds it. */
export async function endSync(id: string, claim: string, end: { counts: SyncCounts; error: string | null }): Promise<boolean> {
  const row = { id } as SyncRow;
  return writeTx(async (trx) => {
    if (!(await endJob(trx, ENGINE_SYNCS, row, claim, end.error === null ? { status: "done" } : { status: "failed", reason: end.error }))) return false;
    await writeSyncCounts(trx, id, end.counts);
    return true;
  });
}
