import "server-only";
import { groupedWriteTx } from "@/lib/core/group-commit";
import { fixedChunks, inPageTx, manyRows, markFresh } from "@/lib/core/page-tx";
import { runSql } from "@/lib/core/prepared";
import {
  applyCall, callLockKey, dayOf, insertParams, prepareCall, rollupLockKey, writeContext,
  type CallHook, type PreparedCall, type ResolvedCall, type ResolvedPatch, type StoredRow, type UpsertOutcome,
} from "./ingest";
import { ADVISORY_LOCKS } from "./ingest-sql";

/** One report of a page and the hooks that follow it (each call's agent has its own analysis plan). */
export interface PageItem { report: ResolvedCall | ResolvedPatch; hooks: readonly CallHook[] }

/**
 * A page of reports (a sync) in one transaction, each call as upsertCall would write it: one COMMIT
 * and one read of the stored calls for the page instead of one per call, the page's new calls
 * inserted several rows per statement before any call's hooks run (no hook reads another call's
 * row), and the rollup additions gathered and written at the end (lib/core/page-tx.ts). PostgreSQL:
 * every call's lock first, then every rollup day's, each set in sorted order — a single delivery
 * takes one call's then one day's, so the two never wait on each other in a circle.
 */
export async function upsertCalls(accountId: string, items: readonly PageItem[]): Promise<UpsertOutcome[]> {
  if (!items.length) return [];
  const sids = [...new Set(items.map((i) => i.report.call_sid))].sort();
  return groupedWriteTx((trx) => inPageTx(trx, sids, async () => {
    const ctx = writeContext(accountId);
    if (ctx.pg) await runSql(trx, ADVISORY_LOCKS, [sids.map((sid) => callLockKey(accountId, sid))]);
    const stored = new Map((await runSql<StoredRow & { call_sid: string }>(trx, ctx.q.storedMany, [accountId, ctx.pg ? sids : JSON.stringify(sids)]))
      .map((row) => [row.call_sid, row]));
    if (ctx.pg) {
      const now = new Date().toISOString();
      const days = new Set(items.map((i) => (stored.get(i.report.call_sid)?.created_at ?? i.report.created_at ?? now)).map(dayOf));
      await runSql(trx, ADVISORY_LOCKS, [[...days].sort().map((day) => rollupLockKey(accountId, day))]);
      days.forEach((day) => ctx.lockedDays.add(day));
    }
    // A call once in the page and not stored yet: prepared now, inserted with the others below.
    const once = new Map<string, number>();
    for (const { report } of items) once.set(report.call_sid, (once.get(report.call_sid) ?? 0) + 1);
    const fresh = new Map<number, PreparedCall | undefined>();
    for (const [i, { report }] of items.entries()) {
      if (once.get(report.call_sid) === 1 && !stored.has(report.call_sid)) fresh.set(i, await prepareCall(trx, ctx, report, undefined));
    }
    const inserted = [...fresh.values()].filter((p): p is PreparedCall => !!p);
    const ids = await insertMany(trx, ctx, inserted);
    markFresh(trx, new Set(inserted.map((p) => p.c.call_sid)));
    const done = new Set<string>();
    const outcomes: UpsertOutcome[] = [];
    for (const [i, { report, hooks }] of items.entries()) {
      const sid = report.call_sid;
      if (fresh.has(i)) {
        const p = fresh.get(i);
        outcomes.push(p ? await applyCall(trx, ctx, p, hooks, ids.get(sid)) : "unchanged");
        continue;
      }
      // A call twice in one page: the second copy merges into what the first wrote.
      const old = done.has(sid) ? (await runSql<StoredRow>(trx, ctx.q.storedFull, [accountId, sid]))[0] : stored.get(sid);
      const p = await prepareCall(trx, ctx, report, old);
      outcomes.push(p ? await applyCall(trx, ctx, p, hooks) : "unchanged");
      done.add(sid);
    }
    return outcomes;
  }));
}

/** New calls' rows, several per statement: each call's id by its call_sid. */
async function insertMany(trx: Parameters<typeof applyCall>[0], ctx: ReturnType<typeof writeContext>, calls: PreparedCall[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const chunk of fixedChunks(calls)) {
    const rows = await runSql<{ id: number | string; call_sid: string }>(trx, manyRows(ctx.q.insert, chunk.length), chunk.flatMap((p) => insertParams(ctx, p)));
    for (const r of rows) ids.set(r.call_sid, Number(r.id));
  }
  return ids;
}
