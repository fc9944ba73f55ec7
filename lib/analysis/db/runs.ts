import "server-only";
import crypto from "node:crypto";
import { sql } from "kysely";
import { db, writeTx } from "@/lib/core/client";
import { decodeCursor, keysetPage } from "@/lib/core/cursor";
import { describeAudit } from "@/lib/core/audit-context";
import type { AnalysisRunsTable } from "../tables";
import { enqueueCalls } from "./jobs";

// Bulk analyses (POST /api/analysis-runs). The run's calls are queued in the transaction that
// creates it, so the worker never sees half a run; progress is counted by the jobs as they end.

export type RunRow = AnalysisRunsTable;

/** The account's provider to use: the one asked for, else its default (PATCH /api/ai-providers/{id} is_default). */
export async function pickProvider(accountId: string, providerId?: string): Promise<{ id: string; name: string; model: string } | undefined> {
  let q = db().selectFrom("ai_providers").select(["id", "name", "model"]).where("account_id", "=", accountId);
  if (providerId) q = q.where("id", "=", providerId);
  // The oldest only breaks a tie that the migration and create/delete leave no room for.
  return q.orderBy("is_default", "desc").orderBy("created_at").orderBy("id").limit(1).executeTakeFirst();
}

/** Ids of the account's agents that have an analysis plan. */
export async function agentsWithPlan(accountId: string): Promise<Set<string>> {
  const rows = await db().selectFrom("agents").select("id").where("account_id", "=", accountId).where("analysis_plan", "is not", null).execute();
  return new Set(rows.map((r) => r.id));
}

/** One call queued again for a fresh analysis (POST /api/details/{call_sid}/analyze), with the provider picked now. */
export async function reanalyzeCall(accountId: string, callSid: string, providerId: string): Promise<void> {
  await writeTx((trx) => enqueueCalls(trx, accountId, [callSid], null, providerId));
}

export async function createRun(accountId: string, callSids: string[], filters: unknown, providerId: string | null): Promise<RunRow> {
  const now = new Date().toISOString();
  const row: RunRow = {
    id: crypto.randomUUID(), account_id: accountId, status: callSids.length ? "running" : "done", total: callSids.length, done: 0, failed: 0,
    filters: JSON.stringify(filters), provider_id: providerId, created_at: now, updated_at: now, finished_at: callSids.length ? null : now,
  };
  describeAudit({ resourceId: row.id, summary: `POST /api/analysis-runs ${row.id} (${callSids.length} calls)` });
  return writeTx(async (trx) => {
    await trx.insertInto("analysis_runs").values(row).execute();
    await enqueueCalls(trx, accountId, callSids, row.id, providerId);
    return row;
  });
}

export async function getRun(accountId: string, runId: string): Promise<RunRow | undefined> {
  return db().selectFrom("analysis_runs").selectAll().where("account_id", "=", accountId).where("id", "=", runId).executeTakeFirst();
}

export async function listRuns(accountId: string, limit: number, cursor?: string) {
  let q = db().selectFrom("analysis_runs").selectAll().where("account_id", "=", accountId);
  if (cursor) {
    const [createdAt, id] = decodeCursor(cursor, 2);
    q = q.where(sql<boolean>`(created_at, id) < (${createdAt}, ${id})`);
  }
  const rows = await q.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit + 1).execute();
  return keysetPage(rows, limit, (r) => [r.created_at, r.id]);
}

/**
 * Cancels a running run: its queued jobs are dropped; jobs already running finish and are counted.
 * A run that already ended is answered as it is.
 */
export async function cancelRun(accountId: string, runId: string): Promise<RunRow | undefined> {
  return writeTx(async (trx) => {
    const now = new Date().toISOString();
    const res = await trx.updateTable("analysis_runs").set({ status: "canceled", finished_at: now, updated_at: now })
      .where("account_id", "=", accountId).where("id", "=", runId).where("status", "=", "running").executeTakeFirst();
    if (Number(res.numUpdatedRows) > 0) {
      await trx.deleteFrom("analysis_jobs").where("run_id", "=", runId).where("account_id", "=", accountId).where("state", "=", "queued").execute();
    }
    return trx.selectFrom("analysis_runs").selectAll().where("account_id", "=", accountId).where("id", "=", runId).executeTakeFirst();
  });
}
