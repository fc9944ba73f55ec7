import { addDays, type SummaryRange } from "@/lib/calls/summary-math";

// The dashboard's outcome figures from rollup rows (lib/outcomes/db/rollups.ts), apart
// from the SQL so the bench's bare server (scripts/support) answers with the same maths.

/** call_outcome_daily summed per day, disposition and engine ('' for none). */
export interface OutcomeDayRow {
  day: string; disposition: string; engine_id?: string | null; provider?: string | null;
  analyzed: number; judged: number; succeeded: number; positive: number; neutral: number; negative: number;
  /** The cost of the calls whose outcome has a success value. */
  judged_cost: number;
}

/** What cost_per_success divides, as the console says it under the figure. */
export const COST_PER_SUCCESS_HINT = "Cost of the calls analysed for success ÷ successes";

const round = (n: number, d = 4) => Math.round(n * 10 ** d) / 10 ** d;

/**
 * success_rate = succeeded / outcomes that have a success value (null when none has);
 * cost_per_success = the cost of the calls analysed for success (an outcome with a success value) /
 * succeeded (null when none succeeded): calls of agents without a success question neither add
 * cost nor successes.
 */
export function outcomeFigures(rows: OutcomeDayRow[], r: SummaryRange) {
  let analyzed = 0, judged = 0, succeeded = 0, positive = 0, neutral = 0, negative = 0, judgedCost = 0;
  const days = new Map<string, { analyzed: number; succeeded: number }>();
  const dispositions = new Map<string, number>();
  const engines = new Map<string, { engine_id: string | null; provider: string | null; analyzed: number; judged: number; succeeded: number }>();
  for (const row of rows) {
    // '' is the rollup's "no engine" (imported calls): null in the answer, as per_engine says it elsewhere.
    const e = engines.get(row.engine_id ?? "") ?? engines.set(row.engine_id ?? "", { engine_id: row.engine_id || null, provider: row.provider || null, analyzed: 0, judged: 0, succeeded: 0 }).get(row.engine_id ?? "")!;
    e.analyzed += row.analyzed; e.judged += row.judged; e.succeeded += row.succeeded;
    analyzed += row.analyzed; judged += row.judged; succeeded += row.succeeded;
    positive += row.positive; neutral += row.neutral; negative += row.negative; judgedCost += Number(row.judged_cost);
    const d = days.get(row.day) ?? days.set(row.day, { analyzed: 0, succeeded: 0 }).get(row.day)!;
    d.analyzed += row.analyzed;
    d.succeeded += row.succeeded;
    if (row.disposition) dispositions.set(row.disposition, (dispositions.get(row.disposition) ?? 0) + row.analyzed);
  }
  const per_day = [];
  for (let day = r.fromDay; day <= r.toDay; day = addDays(day, 1)) {
    const d = days.get(day);
    per_day.push({ day, analyzed: d?.analyzed ?? 0, succeeded: d?.succeeded ?? 0 });
  }
  return {
    analyzed,
    succeeded,
    success_rate: judged ? round(succeeded / judged) : null,
    sentiment: { positive, neutral, negative },
    dispositions: Object.fromEntries([...dispositions].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1])),
    cost_per_success: succeeded ? round(judgedCost / succeeded) : null,
    per_day,
    per_engine: [...engines.values()].sort((a, b) => b.analyzed - a.analyzed)
      .map(({ judged: j, ...e }) => ({ ...e, success_rate: j ? round(e.succeeded / j) : null })),
  };
}

