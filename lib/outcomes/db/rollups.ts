import "server-only";
import { sql, type Kysely } from "kysely";
import { db, dialect } from "@/lib/core/client";
import { addRollup } from "@/lib/core/page-tx";
import { runSql } from "@/lib/core/prepared";
import { rollupWhere } from "@/lib/calls/db/rollup-filter";
import type { DB } from "@/lib/core/tables";
import type { SummaryRange } from "@/lib/calls/summary-math";
import type { OutcomeDayRow } from "../summary-math";
import { DAILY_COUNTERS, DAILY_OUTCOME_PRUNE, DAILY_OUTCOME_UPSERT } from "./outcome-sql";

// call_outcome_daily (migrations 0014, 0023): the dashboard's outcome counts per account, UTC day of
// the call, agent, disposition, and the call's engine and provider. writeOutcome moves one outcome's share here in its own transaction;
// GET /api/details/summary reads only this (or, for one campaign, that campaign's calls).

/** What one stored outcome adds to the rollup; engine_id and provider are '' for a call without an engine. */
export interface OutcomeShare {
  day: string; agent_id: string; engine_id: string; provider: string; success: boolean | null; sentiment: string | null; disposition: string | null;
  /** The call's cost: counted in judged_cost when the outcome has a success value (cost per successful call). */
  cost: number;
}

type Counts = Record<(typeof DAILY_COUNTERS)[number], number>;
const COUNTERS = DAILY_COUNTERS;

function counts(s: OutcomeShare, sign: 1 | -1): Counts {
  return {
    analyzed: sign, judged: s.success === null ? 0 : sign, succeeded: s.success ? sign : 0,
    positive: s.sentiment === "positive" ? sign : 0, neutral: s.sentiment === "neutral" ? sign : 0, negative: s.sentiment === "negative" ? sign : 0,
    judged_cost: s.success === null ? 0 : sign * s.cost,
  };
}

const rowKey = (s: OutcomeShare) => `${s.day}\u0000${s.agent_id}\u0000${s.disposition ?? ""}\u0000${s.engine_id}\u0000${s.provider}`;

/**
 * Replaces `old`'s share (if any) by `next`'s. The same row (a re-analysis keeping the disposition)
 * is one upsert of the difference, nothing when nothing changed; otherwise the old row loses one
 * and the new gains one, in key order so that two writers never lock the same two rows the other
 * way round (PostgreSQL), and a row counting no outcome any more is deleted.
 */
export async function moveOutcomeShare(trx: Kysely<DB>, accountId: string, old: OutcomeShare | undefined, next: OutcomeShare) {
  const moves: [OutcomeShare, Counts][] = [];
  if (old && rowKey(old) === rowKey(next)) {
    const a = counts(next, 1), b = counts(old, -1);
    const diff = Object.fromEntries(COUNTERS.map((k) => [k, a[k] + b[k]])) as Counts;
    if (COUNTERS.some((k) => diff[k] !== 0)) moves.push([next, diff]);
  } else {
    if (old) moves.push([old, counts(old, -1)]);
    moves.push([next, counts(next, 1)]);
    moves.sort(([x], [y]) => (rowKey(x) < rowKey(y) ? -1 : 1));
  }
  for (const [s, c] of moves) await addShare(trx, accountId, s, c);
}

async function addShare(trx: Kysely<DB>, accountId: string, s: OutcomeShare, c: Counts) {
  const key = [accountId, s.day, s.agent_id, s.disposition ?? "", s.engine_id, s.provider];
  await addRollup(trx, { upsert: DAILY_OUTCOME_UPSERT, params: [...key, ...COUNTERS.map((k) => c[k])], counters: key.length, prune: DAILY_OUTCOME_PRUNE, pruneKey: key });
}

/**
 * The call's cost changed after its outcome was counted (a carrier's price, a final report): the
 * outcome's row moves by the difference, in judged_cost only, and only when the outcome was judged.
 */
export async function moveOutcomeCost(trx: Kysely<DB>, accountId: string, s: OutcomeShare, from: number) {
  if (s.success === null || s.cost === from) return;
  const c = Object.fromEntries(COUNTERS.map((k) => [k, 0])) as Counts;
  c.judged_cost = s.cost - from;
  await addShare(trx, accountId, s, c);
}

const SUMS = COUNTERS.map((k) => `sum(${k}) AS ${k}`).join(", ");
const DAILY_SQL = `SELECT day, disposition, engine_id, provider, ${SUMS} FROM call_outcome_daily`;

/** The range's rollup rows, one per day and disposition (all agents, engines and providers, or the range's one). */
export async function outcomeDayRows(accountId: string, r: SummaryRange): Promise<OutcomeDayRow[]> {
  if (r.campaignId) return campaignOutcomeRows(accountId, r.campaignId, r);
  const { where, args } = rollupWhere(accountId, r);
  // Constant texts through runSql: on SQLite compiled once per connection (lib/core/prepared.ts).
  return runSql<OutcomeDayRow>(db(), `${DAILY_SQL} WHERE ${where} GROUP BY day, disposition, engine_id, provider`, args);
}

const numbers = (rows: OutcomeDayRow[]) => rows.map((x) => ({ ...x, ...Object.fromEntries(COUNTERS.map((k) => [k, Number(x[k])])) }) as OutcomeDayRow);

/**
 * One campaign's outcome rows, from its own calls (calls_campaign: account, campaign, created_at) and
 * their outcomes by primary key: the rollup has no campaign dimension, and like the rest of a
 * campaign's summary (lib/campaigns/db/summary.ts) the cost follows the campaign's size.
 */
async function campaignOutcomeRows(accountId: string, campaignId: string, r: SummaryRange): Promise<OutcomeDayRow[]> {
  const from = `${r.fromDay}T00:00:00.000Z`;
  const to = new Date(Date.parse(`${r.toDay}T00:00:00Z`) + 86_400_000).toISOString();
  const pg = dialect() === "postgres";
  const day = pg ? sql<string>`to_char(calls.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')` : sql<string>`substr(calls.created_at, 1, 10)`;
  const disposition = sql<string>`coalesce(o.disposition, '')`;
  const when = (cond: ReturnType<typeof sql>) => sql<number>`count(CASE WHEN ${cond} THEN 1 END)`;
  let q = db().selectFrom("calls")
    .innerJoin("call_outcomes as o", (j) => j.onRef("o.account_id", "=", "calls.account_id").onRef("o.call_sid", "=", "calls.call_sid"))
    .select([
      day.as("day"), disposition.as("disposition"), "calls.engine_id", "calls.provider", sql<number>`count(*)`.as("analyzed"), sql<number>`count(o.success)`.as("judged"),
      when(pg ? sql`o.success` : sql`o.success = 1`).as("succeeded"), when(sql`o.sentiment = 'positive'`).as("positive"),
      when(sql`o.sentiment = 'neutral'`).as("neutral"), when(sql`o.sentiment = 'negative'`).as("negative"),
      sql<number>`coalesce(sum(CASE WHEN o.success IS NOT NULL THEN calls.cost END), 0)`.as("judged_cost"),
    ])
    .where("calls.account_id", "=", accountId).where("calls.campaign_id", "=", campaignId)
    .where("calls.created_at", ">=", from).where("calls.created_at", "<", to);
  if (r.agentId) q = q.where("calls.agent_id", "=", r.agentId);
  if (r.engineId) q = q.where("calls.engine_id", "=", r.engineId);
  if (r.provider) q = q.where("calls.provider", "=", r.provider);
  return numbers(await q.groupBy([day, disposition, "calls.engine_id", "calls.provider"]).execute());
}
