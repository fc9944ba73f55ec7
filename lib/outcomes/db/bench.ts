import "server-only";
import { sql } from "kysely";
import { db, dialect, writeTx } from "@/lib/core/client";

// Seeding for `npm run bench` (scripts/bench-outcomes.ts) only: 100,000 analysed outcomes in
// seconds, straight in SQL from the account's calls, instead of 100,000 writeOutcome calls. Nothing in
// the app calls these; they are here because SQL lives in db files.

// Which completed calls are analysed, and their values: fixed functions of the call's id, so every
// run (and both databases) seeds the same mix. 4 in 9 completed calls: a third of a bench account.

/**
 * Gives a third of the account's calls (4 in 9 completed ones) an analysed outcome with three plan
 * fields (seats: number 1-10, plan: basic|pro, callback: boolean), success 40%, sentiment
 * 50/30/20 and four dispositions; then fills the outcome rollup from them as migration 0014 does.
 * Returns the number of outcomes.
 */
export async function seedOutcomes(accountId: string): Promise<number> {
  const pg = dialect() === "postgres";
  const pick = sql`c.account_id = ${accountId} AND c.status = 'completed' AND c.id % 9 < 4`;
  const seats = sql`(1 + (c.id * 31) % 10)`;
  const plan = sql`CASE WHEN (c.id * 11) % 2 = 0 THEN 'pro' ELSE 'basic' END`;
  const callback = sql`((c.id * 19) % 2)`;
  const success = pg ? sql`((c.id * 7) % 10 < 4)` : sql`CASE WHEN (c.id * 7) % 10 < 4 THEN 1 ELSE 0 END`;
  const fields = pg
    ? sql`jsonb_build_array(jsonb_build_array('seats', ${seats}), jsonb_build_array('plan', ${plan}), jsonb_build_array('callback', ${callback} = 1))`
    : sql`json_array(json_array('seats', ${seats}), json_array('plan', ${plan}), json_array('callback', json(CASE WHEN ${callback} = 1 THEN 'true' ELSE 'false' END)))`;
  return writeTx(async (trx) => {
    const inserted = await sql`
      INSERT INTO call_outcomes (account_id, call_sid, agent_id, status, source, success, success_reason, sentiment, disposition, fields, errors, model, analyzed_at, created_at, call_id, cost)
      SELECT c.account_id, c.call_sid, c.agent_id, 'analyzed', 'voxdesk', ${success}, 'bench',
        CASE WHEN (c.id * 13) % 10 < 5 THEN 'positive' WHEN (c.id * 13) % 10 < 8 THEN 'neutral' ELSE 'negative' END,
        CASE (c.id * 17) % 4 WHEN 0 THEN 'booked' WHEN 1 THEN 'callback' WHEN 2 THEN 'not_interested' ELSE 'voicemail' END,
        ${fields}, NULL, 'bench-model', c.created_at, c.created_at, c.id, c.cost
      FROM calls c WHERE ${pick}`.execute(trx);
    for (const [name, num, text] of [["seats", seats, sql`NULL`], ["plan", sql`NULL`, plan], ["callback", callback, sql`NULL`]] as const) {
      await sql`INSERT INTO call_outcome_fields (account_id, call_sid, name, num_value, text_value, created_at, call_id)
        SELECT c.account_id, c.call_sid, ${name}, ${num}, ${text}, c.created_at, c.id FROM calls c WHERE ${pick}`.execute(trx);
    }
    const day = pg ? sql`(created_at AT TIME ZONE 'UTC')::date` : sql`substr(created_at, 1, 10)`;
    const succeeded = pg ? sql`count(*) FILTER (WHERE success)` : sql`count(CASE WHEN success = 1 THEN 1 END)`;
    await sql`DELETE FROM call_outcome_daily WHERE account_id = ${accountId}`.execute(trx);
    await sql`
      INSERT INTO call_outcome_daily (account_id, day, agent_id, disposition, engine_id, provider, analyzed, judged, succeeded, positive, neutral, negative, judged_cost)
      SELECT account_id, ${day}, agent_id, coalesce(disposition, ''), engine_id, provider, count(*), count(success), ${succeeded},
        count(CASE WHEN sentiment = 'positive' THEN 1 END), count(CASE WHEN sentiment = 'neutral' THEN 1 END), count(CASE WHEN sentiment = 'negative' THEN 1 END),
        coalesce(sum(CASE WHEN success IS NOT NULL THEN cost END), 0)
      FROM call_outcomes WHERE account_id = ${accountId}
      GROUP BY account_id, ${day}, agent_id, coalesce(disposition, ''), engine_id, provider`.execute(trx);
    return Number(inserted.numAffectedRows ?? 0);
  });
}

/**
 * PostgreSQL: VACUUM ANALYZE the outcome tables, as autovacuum does soon after a bulk load, so the
 * planner knows their size and index-only walks need not visit the heap. SQLite: nothing, the app
 * never runs ANALYZE there, so the bench must not either.
 */
export async function settleOutcomeStatistics(): Promise<void> {
  if (dialect() === "postgres") await sql`VACUUM ANALYZE call_outcomes, call_outcome_fields, call_outcome_daily`.execute(db());
}
