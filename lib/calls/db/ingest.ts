import "server-only";
import type { Kysely } from "kysely";
import type { IngestedCall } from "@/lib/engines/bolna/execution";
import { COST_COMPONENTS } from "@/lib/engines/bolna/execution";
import { dialect } from "@/lib/core/client";
import { groupedWriteTx } from "@/lib/core/group-commit";
import { runSql } from "@/lib/core/prepared";
import { callExtra, type StoredCallExtra } from "@/lib/calls/extra";
import { numbersText } from "./insert";
import { addCallMinute } from "@/lib/alerts/db/minute";
import type { DB } from "@/lib/core/tables";
import { ADVISORY_LOCK, CALL_SQL, DAILY_PRUNE, DAILY_UPSERT, ENGINE_PRUNE, ENGINE_UPSERT, FTS_DELETE, FTS_INSERT } from "./ingest-sql";

/** An execution resolved to our agent (or kept under the engine's agent id when none matches). */
export interface ExecutionCall extends IngestedCall {
  agent_id: string; name: string; engine_id: string;
  /** The agent version the call ran, written when the call is first recorded; null: unknown. */
  agent_version?: number | null;
}
export type UpsertOutcome = "imported" | "updated" | "unchanged";

/**
 * Runs inside the upsert's transaction after a call row changed. Campaigns use it to move their
 * contact's state in the same transaction.
 */
export type ExecutionHook = (trx: Kysely<DB>, accountId: string, call: ExecutionCall, isNew: boolean) => Promise<void>;

type Stored = { id: number | undefined; status: string; status_rank?: number; updated_at?: string | null; created_at: string;
  agent_id: string; name: string; call_type: string; duration: number; cost: number; extra?: string | null; agent_version?: number | null };

/**
 * Inserts or updates a call from an engine execution, by (account, call_sid), in one transaction
 * with its search index and both rollups, so the summary counts each call once, in its latest
 * status and cost. A delivery that is not newer than what is stored (a resend, or a late earlier
 * status) changes nothing.
 */
export async function upsertExecutionCall(accountId: string, c: ExecutionCall, hook?: ExecutionHook): Promise<UpsertOutcome> {
  // Grouped: concurrent deliveries share one SQLite COMMIT (lib/core/group-commit.ts), each still atomic.
  return groupedWriteTx(async (trx) => {
    // PostgreSQL: one delivery of a call at a time. A row lock alone is not enough: the first two
    // deliveries (the webhook and the dial's own "queued") can both find no row and both INSERT. The
    // transaction-scoped advisory lock on (account, call_sid) covers the row before it exists, and the
    // row lock keeps rollup moves single. SQLite's BEGIN IMMEDIATE already serialises writers.
    const pg = dialect() === "postgres";
    const q = CALL_SQL[dialect()];
    if (pg) await advisoryLock(trx, `call:${accountId}:${c.call_sid}`);
    const [old] = await runSql<Stored>(trx, q.stored, [accountId, c.call_sid]);
    if (old && !isNewer(c, old)) return "unchanged";
    const extra = JSON.stringify(c.extra);
    // In the order of CALL_FIELDS (ingest-sql.ts).
    const values = [c.agent_id, c.name, c.from_number, c.to_number, c.duration, c.recording_url, c.transcription, c.status, c.cost,
      c.call_type, c.engine_id, c.status_rank, c.updated_at, extra, ...(pg ? [numbersText(c.from_number, c.to_number)] : [])];
    let id: number;
    // The call keeps the day it was first recorded on, so it never moves between rollup days.
    const createdAt = old?.created_at ?? c.created_at;
    // PostgreSQL: a status change takes one rollup row and gives another; two calls moving through the
    // same statuses the other way round would deadlock on those rows. One lock per account and day,
    // always taken after the call's, puts every rollup change of that day in a single order.
    if (pg) await advisoryLock(trx, `rollup:${accountId}:${createdAt.slice(0, 10)}`);
    if (old) {
      id = Number(old.id);
      await runSql(trx, q.update, [...values, id]);
      // An imported call (rank 0) was never in the engine rollup: take it out of the daily one only.
      await applyRollups(trx, accountId, { ...old, call_sid: c.call_sid, extra: old.extra ?? null, created_at: createdAt }, -1, (old.status_rank ?? 0) > 0);
    } else {
      const [row] = await runSql<{ id: number | string }>(trx, q.insert, [...values, accountId, c.call_sid, createdAt, c.agent_version ?? null]);
      id = Number(row.id);
    }
    if (!pg) {
      if (old) await runSql(trx, FTS_DELETE, [id]);
      await runSql(trx, FTS_INSERT, [id, c.transcription, numbersText(c.from_number, c.to_number)]);
    }
    await applyRollups(trx, accountId, { ...c, created_at: createdAt }, 1);
    // The stored created_at: an outcome's rollup day and the call log's order follow the call row.
    // The stored agent_version too: the first record's stamp, which later deliveries keep.
    const stored = old ? { ...c, created_at: createdAt, agent_version: old.agent_version ?? null } : c;
    await hook?.(trx, accountId, stored, !old);
    return old ? "updated" : "imported";
  });
}

const advisoryLock = (trx: Kysely<DB>, key: string) => runSql(trx, ADVISORY_LOCK, [key]);

function isNewer(c: ExecutionCall, old: Stored): boolean {
  const rank = old.status_rank ?? 0;
  if (c.status_rank !== rank) return c.status_rank > rank;
  return c.updated_at > (old.updated_at ?? "");
}

type Contribution = Pick<Stored, "agent_id" | "name" | "status" | "call_type" | "duration" | "cost" | "created_at"> & {
  /** A stored row's JSON, or the new execution's extras as parsed (not parsed again from JSON). */
  call_sid: string; extra: string | null | StoredCallExtra;
};

/** Adds (sign 1) or removes (sign -1) one call's share of both daily rollups; emptied rows go. */
async function applyRollups(trx: Kysely<DB>, accountId: string, c: Contribution, sign: 1 | -1, engineRollup = true) {
  const day = c.created_at.slice(0, 10);
  const dailyKey = [accountId, day, c.agent_id, c.status, c.call_type];
  await runSql(trx, DAILY_UPSERT, [accountId, day, c.agent_id, c.name, c.status, c.call_type, sign, sign * c.duration, sign * c.cost]);
  if (sign < 0) await runSql(trx, DAILY_PRUNE, dailyKey);
  // Alerts: the minute rollup their evaluator sums; one upsert, same transaction.
  await addCallMinute(trx, accountId, c, sign);
  if (!engineRollup) return;
  const x = typeof c.extra === "object" && c.extra !== null ? c.extra : callExtra(c.extra, c.call_sid);
  const key = [accountId, day, c.agent_id, x.hangup_by ?? "", x.hangup_reason ?? ""];
  const costs = COST_COMPONENTS.map((k) => sign * (x.cost_breakdown?.[k] ?? 0));
  await runSql(trx, ENGINE_UPSERT, [...key, sign, sign * (x.answered_by_voice_mail ? 1 : 0), ...costs]);
  if (sign < 0) await runSql(trx, ENGINE_PRUNE, key);
}
