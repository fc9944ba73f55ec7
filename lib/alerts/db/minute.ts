import "server-only";
import type { Kysely } from "kysely";
import { runSql } from "@/lib/core/prepared";
import type { DB } from "@/lib/core/tables";
import { endReasonOf } from "@/lib/calls/status";

// call_minute (migrations 0018, 0028): the alert evaluator's rollup. Ingest and writeOutcome add a
// call's share here in their own transactions, one upsert each (a constant SQL text, compiled once
// on SQLite), so a rule's metric is a sum over at most 2 × window_minutes rows per agent and engine.
// Rows that a sign -1 empties stay until pruned (deleting them would be a second statement on the
// hot path). The engine columns are '' for a call without one, as in the daily rollups.

export const minuteOf = (iso: string): number => Math.floor(Date.parse(iso) / 60_000);

const KEY = "account_id, minute, agent_id, engine_id, provider";

const CALL_UPSERT = `INSERT INTO call_minute (${KEY}, calls, failed, duration, cost) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (${KEY}) DO UPDATE SET calls = call_minute.calls + excluded.calls,
  failed = call_minute.failed + excluded.failed, duration = call_minute.duration + excluded.duration, cost = call_minute.cost + excluded.cost`;

const OUTCOME_UPSERT = `INSERT INTO call_minute (${KEY}, analyzed, judged, succeeded, negative) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (${KEY}) DO UPDATE SET analyzed = call_minute.analyzed + excluded.analyzed,
  judged = call_minute.judged + excluded.judged, succeeded = call_minute.succeeded + excluded.succeeded, negative = call_minute.negative + excluded.negative`;

/** Where a share is counted: the minute of the call's creation, its agent, and its engine and provider (null: none). */
interface MinuteKey { created_at: string; agent_id: string; engine_id: string | null; provider: string | null }

const keyOf = (accountId: string, s: MinuteKey) => [accountId, minuteOf(s.created_at), s.agent_id, s.engine_id ?? "", s.provider ?? ""];
const sameRow = (a: MinuteKey, b: MinuteKey) => a.agent_id === b.agent_id && minuteOf(a.created_at) === minuteOf(b.created_at)
  && (a.engine_id ?? "") === (b.engine_id ?? "") && (a.provider ?? "") === (b.provider ?? "");

type CallMinuteShare = MinuteKey & { status: string; duration: number; cost: number };
const callShare = (c: CallMinuteShare, sign: number) => [sign, endReasonOf(c.status) === "failed" ? sign : 0, sign * c.duration, sign * c.cost];

/**
 * Moves one share of call_minute from `old` (what it counted for before an update; undefined when
 * new) to `next`. The same row: one upsert by the difference, none when nothing it counts changed;
 * another row (another agent, engine or minute): taken back there, added here.
 */
async function moveShare<S extends MinuteKey>(trx: Kysely<DB>, upsert: string, accountId: string,
  old: S | undefined, next: S, share: (s: S, sign: number) => number[]) {
  const a = share(next, 1);
  if (old && sameRow(old, next)) {
    const diff = share(old, -1).map((v, i) => v + a[i]);
    if (diff.some((v) => v !== 0)) await runSql(trx, upsert, [...keyOf(accountId, next), ...diff]);
    return;
  }
  if (old) await runSql(trx, upsert, [...keyOf(accountId, old), ...share(old, -1)]);
  await runSql(trx, upsert, [...keyOf(accountId, next), ...a]);
}

/** One call's share; inside ingest's transaction. */
export const moveCallMinute = (trx: Kysely<DB>, accountId: string, old: CallMinuteShare | undefined, next: CallMinuteShare) =>
  moveShare(trx, CALL_UPSERT, accountId, old, next, callShare);

export interface OutcomeMinuteShare extends MinuteKey { success: boolean | null; sentiment: string | null }

const outcomeShare = (s: OutcomeMinuteShare, sign: number) => [sign, s.success === null ? 0 : sign, s.success ? sign : 0, s.sentiment === "negative" ? sign : 0];

/** One outcome's share, from a replaced outcome to the new one; inside writeOutcome's transaction. */
export const moveOutcomeMinute = (trx: Kysely<DB>, accountId: string, old: OutcomeMinuteShare | undefined, next: OutcomeMinuteShare) =>
  moveShare(trx, OUTCOME_UPSERT, accountId, old, next, outcomeShare);
