import "server-only";
import { sql, type Kysely, type RawBuilder } from "kysely";
import { dialect } from "@/lib/core/client";
import { addRollup } from "@/lib/core/page-tx";
import type { DB } from "@/lib/core/tables";
import { endReasonOf, FINAL_CALL_STATUSES, isFinalStatus } from "@/lib/calls/status";

// call_minute (migrations 0018, 0028, 0029): the alert evaluator's rollup. Ingest and writeOutcome add a
// call's share here in their own transactions, one upsert each (a constant SQL text, compiled once
// on SQLite), so a rule's metric is a sum over at most 2 × window_minutes rows per agent and engine.
// Rows that a sign -1 empties stay until pruned (deleting them would be a second statement on the
// hot path). The engine columns are '' for a call without one, as in the daily rollups.
//
// Which minute: a call counts in the minute it ended, so a long call's duration and cost land when
// they are known. A call in flight counts in the minute it started; once its status is final it moves
// to the minute of its start plus its duration (the hook is handed no end time of the previous report,
// and start plus duration is one for both). An outcome counts in the minute it was analysed.

export const minuteOf = (iso: string): number => Math.floor(Date.parse(iso) / 60_000);

/** The minute a call counts in: its start's while in flight, its end's (start + duration) once final. */
export const callMinute = (c: { created_at: string; status: string; duration: number }): number =>
  Math.floor((Date.parse(c.created_at) + (isFinalStatus(c.status) ? Number(c.duration) * 1000 : 0)) / 60_000);

/** callMinute's instant in Unix ms as SQL over a calls row (as migration 0029 computes it), for listing a window's calls. */
export function callEndMsSql(): RawBuilder<number> {
  const start = dialect() === "postgres" ? sql`extract(epoch FROM created_at) * 1000`
    : sql`(CAST(strftime('%s', created_at) AS INTEGER) * 1000 + CAST(substr(created_at, 21, 3) AS INTEGER))`;
  return sql<number>`(${start} + CASE WHEN status IN (${sql.join(FINAL_CALL_STATUSES)}) THEN duration * 1000 ELSE 0 END)`;
}

const KEY = "account_id, minute, agent_id, engine_id, provider";

const CALL_UPSERT = `INSERT INTO call_minute (${KEY}, calls, failed, duration, cost) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (${KEY}) DO UPDATE SET calls = call_minute.calls + excluded.calls,
  failed = call_minute.failed + excluded.failed, duration = call_minute.duration + excluded.duration, cost = call_minute.cost + excluded.cost`;

const OUTCOME_UPSERT = `INSERT INTO call_minute (${KEY}, analyzed, judged, succeeded, negative) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (${KEY}) DO UPDATE SET analyzed = call_minute.analyzed + excluded.analyzed,
  judged = call_minute.judged + excluded.judged, succeeded = call_minute.succeeded + excluded.succeeded, negative = call_minute.negative + excluded.negative`;

/** Where a share is counted besides its minute: its agent, and its engine and provider (null: none). */
interface ShareKey { agent_id: string; engine_id: string | null; provider: string | null }

interface Kind<S extends ShareKey> { upsert: string; minute: (s: S) => number; share: (s: S, sign: number) => number[] }

const keyOf = <S extends ShareKey>(k: Kind<S>, accountId: string, s: S) => [accountId, k.minute(s), s.agent_id, s.engine_id ?? "", s.provider ?? ""];
const sameRow = <S extends ShareKey>(k: Kind<S>, a: S, b: S) => a.agent_id === b.agent_id && k.minute(a) === k.minute(b)
  && (a.engine_id ?? "") === (b.engine_id ?? "") && (a.provider ?? "") === (b.provider ?? "");

// A page of calls stored at once gathers its minutes' additions (lib/core/page-tx.ts).
const add = (trx: Kysely<DB>, upsert: string, key: unknown[], counters: number[]) =>
  addRollup(trx, { upsert, params: [...key, ...counters], counters: key.length });

/**
 * Moves one share of call_minute from `old` (what it counted for before an update; undefined when
 * new) to `next`. The same row: one upsert by the difference, none when nothing it counts changed;
 * another row (another agent, engine or minute): taken back there, added here.
 */
async function moveShare<S extends ShareKey>(trx: Kysely<DB>, k: Kind<S>, accountId: string, old: S | undefined, next: S) {
  const a = k.share(next, 1);
  if (old && sameRow(k, old, next)) {
    const diff = k.share(old, -1).map((v, i) => v + a[i]);
    if (diff.some((v) => v !== 0)) await add(trx, k.upsert, keyOf(k, accountId, next), diff);
    return;
  }
  if (old) await add(trx, k.upsert, keyOf(k, accountId, old), k.share(old, -1));
  await add(trx, k.upsert, keyOf(k, accountId, next), a);
}

type CallMinuteShare = ShareKey & { created_at: string; status: string; duration: number; cost: number };
const CALLS: Kind<CallMinuteShare> = {
  upsert: CALL_UPSERT, minute: callMinute,
  share: (c, sign) => [sign, endReasonOf(c.status) === "failed" ? sign : 0, sign * c.duration, sign * c.cost],
};

/** One call's share; inside ingest's transaction. */
export const moveCallMinute = (trx: Kysely<DB>, accountId: string, old: CallMinuteShare | undefined, next: CallMinuteShare) =>
  moveShare(trx, CALLS, accountId, old, next);

export interface OutcomeMinuteShare extends ShareKey { analyzed_at: string; success: boolean | null; sentiment: string | null }
const OUTCOMES: Kind<OutcomeMinuteShare> = {
  upsert: OUTCOME_UPSERT, minute: (s) => minuteOf(s.analyzed_at),
  share: (s, sign) => [sign, s.success === null ? 0 : sign, s.success ? sign : 0, s.sentiment === "negative" ? sign : 0],
};

/** One outcome's share, from a replaced outcome to the new one; inside writeOutcome's transaction. */
export const moveOutcomeMinute = (trx: Kysely<DB>, accountId: string, old: OutcomeMinuteShare | undefined, next: OutcomeMinuteShare) =>
  moveShare(trx, OUTCOMES, accountId, old, next);
