import "server-only";
import { sql } from "kysely";
import type { z } from "zod";
import { COUNT_CAP, type CallCount as CallCountSchema } from "@/lib/calls/schema";
import { db } from "@/lib/core/client";
import { runSql } from "@/lib/core/prepared";
import { hasOutcomeFilter } from "@/lib/outcomes/db";
import { matchingCalls, matchingFrom, type CallFilters } from "./filter-sql";

// GET /api/details/count: how many calls the call log's filters match, asked for on its own so the
// list's page never pays for a COUNT. Filters the daily rollup has as key columns, over whole UTC
// days, are summed from it (its rows follow days x agents x statuses, not calls); any other filter
// counts the matching calls themselves, stopping past COUNT_CAP.

type CallCount = z.output<typeof CallCountSchema>;

const MIDNIGHT = /T00:00:00\.000Z$/;

/** The rollup's day bounds for these filters (first day, first day after), or undefined when it cannot answer them. */
function rollupDays(f: CallFilters): { from?: string; before?: string } | undefined {
  if (f.q !== undefined || f.campaign_id || f.agent_version !== undefined || hasOutcomeFilter(f.outcome)) return undefined;
  if ((f.from && !MIDNIGHT.test(f.from)) || (f.toExclusive && !MIDNIGHT.test(f.toExclusive))) return undefined;
  return { from: f.from?.slice(0, 10), before: f.toExclusive?.slice(0, 10) };
}

async function rollupCount(accountId: string, f: CallFilters, days: { from?: string; before?: string }): Promise<number> {
  // One constant text per combination of filters, compiled once on SQLite (lib/core/prepared.ts).
  const conds: [string, unknown][] = [["account_id = ?", accountId], ["day >= ?", days.from], ["day < ?", days.before],
    ...(["agent_id", "status", "call_type", "engine_id", "provider"] as const).map((c): [string, unknown] => [`${c} = ?`, f[c]])];
  const set = conds.filter(([, v]) => v !== undefined && v !== "");
  const where = set.map(([c]) => c).join(" AND ");
  const args = set.map(([, v]) => v);
  const [row] = await runSql<{ n: number | string | null }>(db(), `SELECT sum(calls) AS n FROM call_daily WHERE ${where}`, args);
  return Number(row?.n ?? 0);
}

/** `cap`: COUNT_CAP; tests pass a small one to reach it with a few calls. */
export async function countCalls(accountId: string, f: CallFilters, cap = COUNT_CAP): Promise<CallCount> {
  const days = rollupDays(f);
  if (days) return { total: await rollupCount(accountId, f, days), capped: false, source: "rollup" };
  const m = await matchingCalls(accountId, f);
  if (!m) return { total: 0, capped: false, source: "calls" };
  let matches = matchingFrom(m.walk).select(sql<number>`1`.as("one"));
  for (const cond of m.where) matches = matches.where(cond);
  const row = await db().selectFrom(matches.limit(cap + 1).as("m")).select(sql<number | string>`count(*)`.as("n")).executeTakeFirst();
  const n = Number(row?.n ?? 0);
  return n > cap ? { total: cap, capped: true, source: "calls" } : { total: n, capped: false, source: "calls" };
}
