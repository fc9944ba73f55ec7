import * as details from "@/app/api/details/route";
import * as summary from "@/app/api/details/summary/route";
import { seedOutcomes, settleOutcomeStatistics } from "@/lib/outcomes/db/bench";
import { hit, measure, percentile, type BenchRow } from "./support/bench-kit";
import type { BenchContext } from "./support/bench-sections";

// `npm run bench`, outcomes: the big account gets a third of its calls analysed (three
// plan fields each, seeded in SQL: lib/outcomes/db/bench.ts), then the call log filtered by outcome
// is timed against the unfiltered log, and the summary with outcomes against the same summary before
// any outcome existed (the outcome rollup then has no rows: what the summary cost before outcomes,
// plus two empty index probes). Targets: a filtered first page <= 1.5x an
// unfiltered one; the summary with outcomes <= 2x the summary without.

export const OUTCOMES_TITLE = "8. Outcomes on the big account (a third of its calls analysed, three fields): filtered call log and summary";

const TARGET_PAGE = 1.5;
const TARGET_SUMMARY = 2;
/**
 * Times several requests in turns (one of each per round, after `warmup` untimed rounds), so that a
 * shared machine's load hits them alike and their ratio means something; p50/p95 per request.
 */
async function measureInTurns(scenarios: [string, () => Promise<unknown>][], n: number, warmup = 10): Promise<BenchRow[]> {
  const times = scenarios.map(() => [] as number[]);
  for (let i = 0; i < warmup + n; i++) {
    for (const [k, [, fn]] of scenarios.entries()) {
      const t = performance.now();
      await fn();
      if (i >= warmup) times[k].push(performance.now() - t);
    }
  }
  return scenarios.map(([label], k) => {
    const sorted = times[k].sort((a, b) => a - b);
    return { label, n, p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
  });
}

const day = (d: Date, minusDays = 0) => new Date(d.getTime() - minusDays * 86_400_000).toISOString().slice(0, 10);

export async function benchOutcomes(ctx: BenchContext): Promise<BenchRow[]> {
  const n = ctx.iterations;
  const token = ctx.big.token;
  const page = (q: string) => () => hit(details.GET, `/api/details?limit=100${q ? `&${q}` : ""}`, token);
  const range = `from=${day(ctx.until, 89)}&to=${day(ctx.until)}`;
  const sum = (q: string) => () => hit(summary.GET, `/api/details/summary?${q}`, token);

  const before = await measure("summary 90 days, no outcomes yet (= without)", n, sum(range));
  const beforeAgent = await measure("summary 90 days, one agent, no outcomes yet", n, sum(`${range}&agent_id=${ctx.agentId}`));
  const started = performance.now();
  const seeded = await seedOutcomes(ctx.big.accountId);
  await settleOutcomeStatistics();
  const seedRow: BenchRow = { label: "seed outcomes (SQL, 3 fields each)", value: `${seeded}`, note: `${((performance.now() - started) / 1000).toFixed(1)} s` };

  const ratio = (row: BenchRow, base: BenchRow, target: number): BenchRow => {
    const x = row.p50! / base.p50!;
    return { ...row, note: `x${x.toFixed(2)} of ${base.label} p50 (target <= ${target}x) ${x <= target ? "ok" : "OVER"}` };
  };
  const first = JSON.parse(await page("success=true")());
  const unfilteredFirst = JSON.parse(await page("")());
  const queries: [string, string][] = [
    ["details first page, unfiltered", ""],
    ["details first page, success=true", "success=true"],
    ["details first page, field[seats][gte]=2", "field[seats][gte]=2"],
    ["details first page, sentiment=negative", "sentiment=negative"],
    ["details first page, disposition=booked", "disposition=booked"],
    ["details first page, field[plan]=pro", "field[plan]=pro"],
    ["details first page, success=true&field[seats][gte]=2", "success=true&field[seats][gte]=2"],
    ["details first page, agent_id + success=true", `agent_id=${ctx.agentId}&success=true`],
    ["details page 2, success=true (next_cursor)", `success=true&cursor=${encodeURIComponent(first.next_cursor)}`],
    // Not a target: the synthetic account's newest 100 calls are still live (no outcome, short
    // transcripts), so the first page is the lightest; page 2 carries what filtered pages carry.
    ["details page 2, unfiltered (completed calls, a third analysed)", `cursor=${encodeURIComponent(unfilteredFirst.next_cursor)}`],
  ];
  // In turns with the unfiltered page, whose p50 each filtered one is compared to (the target is
  // worded that way). That page is uneven: the synthetic account's newest calls are live (no outcome, short
  // transcripts), so it carries fewer bytes than any filtered page, whose 100 calls are all completed
  // and analysed. Each row also shows its answer's size and its ratio to the unfiltered page 2 (completed
  // calls, a third analysed): the like-for-like cost of the filter, for the reader; not the target.
  const sizes = await Promise.all(queries.map(async ([, q]) => Buffer.byteLength(await page(q)())));
  const kb = (i: number) => `${Math.round(sizes[i] / 1024)} kB`;
  const [unfiltered, ...rows] = await measureInTurns(queries.map(([label, q]) => [label, page(q)]), n);
  const page2 = rows[rows.length - 1];
  for (const [i, r] of rows.entries()) {
    rows[i] = ratio(r, unfiltered, TARGET_PAGE);
    rows[i].note += `; ${kb(i + 1)} vs ${kb(0)}; x${(r.p50! / page2.p50!).toFixed(2)} of unfiltered page 2 (${kb(queries.length - 1)})`;
  }
  rows[rows.length - 1] = { ...ratio(page2, unfiltered, TARGET_PAGE), note: `x${(page2.p50! / unfiltered.p50!).toFixed(2)} of the unfiltered first page; ${kb(queries.length - 1)}: context, not a target` };
  // A rare match: the walk reads every analysed call of the index before it knows there is no page.
  const rare = await measure("details first page, field[seats][gte]=11 (no match)", Math.ceil(n / 4), page("field[seats][gte]=11"));
  const after = await measure("summary 90 days, with outcomes", n, sum(range)).then((r) => ratio(r, before, TARGET_SUMMARY));
  const afterAgent = await measure("summary 90 days, one agent, with outcomes", n, sum(`${range}&agent_id=${ctx.agentId}`)).then((r) => ratio(r, beforeAgent, TARGET_SUMMARY));
  return [seedRow, unfiltered, ...rows, { ...rare, note: "worst case: walks the field's whole index" }, before, after, beforeAgent, afterAgent];
}

/** One line for the bench's "Reading" block. */
export function outcomesReading(rows: BenchRow[]): string {
  const pick = (label: string) => rows.find((r) => r.label === label);
  const x = (a?: BenchRow, b?: BenchRow) => (a?.p50 && b?.p50 ? `x${(a.p50 / b.p50).toFixed(2)}` : "n/a");
  const unfiltered = pick("details first page, unfiltered");
  return `outcomes: success=true ${x(pick("details first page, success=true"), unfiltered)}, field[seats][gte]=2 ${x(pick("details first page, field[seats][gte]=2"), unfiltered)} of an unfiltered first page (target <= ${TARGET_PAGE}x); summary with outcomes ${x(pick("summary 90 days, with outcomes"), pick("summary 90 days, no outcomes yet (= without)"))} of without (target <= ${TARGET_SUMMARY}x)`;
}
