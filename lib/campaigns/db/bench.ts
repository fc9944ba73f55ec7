import "server-only";
import { sql } from "kysely";
import { db, dialect, writeTx } from "@/lib/core/client";

// State moves for `npm run bench` (scripts/support/bench-campaigns.ts) only: the bench needs a
// 100k-contact campaign at a chosen progress, and every timed tick to start from the same state.
// Nothing in the app calls these; they are here because SQL lives in db files.

/**
 * Puts a started campaign at a given progress: its first `done` contacts (list order) completed
 * after one attempt, the rest pending and due at `dueAt`. Two UPDATEs, whatever the size.
 */
export async function setCampaignProgress(campaignId: string, done: number, dueAt: string): Promise<void> {
  await writeTx(async (trx) => {
    // The seq of the first contact that stays pending (list seqs need not start at 0 or be dense).
    const boundary = await trx.selectFrom("campaign_contacts").select("seq").where("campaign_id", "=", campaignId)
      .orderBy("seq").offset(done).limit(1).executeTakeFirst();
    const edge = boundary ? Number(boundary.seq) : Number.MAX_SAFE_INTEGER;
    await trx.updateTable("campaign_contacts")
      .set({ state: "completed", attempts: 1, next_attempt_at: null, last_status: "completed", skip_reason: null, updated_at: dueAt })
      .where("campaign_id", "=", campaignId).where("seq", "<", edge).execute();
    await trx.updateTable("campaign_contacts")
      .set({ state: "pending", attempts: 0, next_attempt_at: dueAt, last_call_sid: null, last_status: null, skip_reason: null, updated_at: dueAt })
      .where("campaign_id", "=", campaignId).where("seq", ">=", edge).execute();
  });
}

/** Puts contacts a timed tick claimed (or dialled) back to pending and due at `dueAt`, as they were before it. */
export async function requeueContacts(campaignId: string, seqs: readonly number[], dueAt: string): Promise<void> {
  if (seqs.length === 0) return;
  await writeTx((trx) => trx.updateTable("campaign_contacts")
    .set({ state: "pending", attempts: 0, next_attempt_at: dueAt, last_call_sid: null, last_status: null, updated_at: dueAt })
    .where("campaign_id", "=", campaignId).where("seq", "in", [...seqs]).execute());
}

/** The seqs of a campaign's in-flight contacts (after a full tick: the ones it dialled). */
export async function inFlightSeqs(campaignId: string): Promise<number[]> {
  const rows = await db().selectFrom("campaign_contacts").select("seq").where("campaign_id", "=", campaignId)
    .where("state", "in", ["dialing", "in_progress"]).execute();
  return rows.map((r) => Number(r.seq));
}

/**
 * PostgreSQL: VACUUM ANALYZE campaign_contacts, as autovacuum will have done by the time a long
 * campaign is this far along; the bulk moves above leave ~100k dead row versions and no statistics,
 * and without statistics the planner walks the due index for claims (the bench's report explains).
 * SQLite: nothing, the app never runs ANALYZE there, so the bench must not either.
 */
export async function settleStatistics(): Promise<void> {
  if (dialect() === "postgres") await sql`VACUUM ANALYZE campaign_contacts`.execute(db());
}
