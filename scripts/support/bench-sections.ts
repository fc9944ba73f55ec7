import * as details from "@/app/api/details/route";
import * as summary from "@/app/api/details/summary/route";
import { hit, measure, type BenchRow } from "./bench-kit";

// The latency sections of `npm run bench`, run the same way on each backend: real route handlers
// (auth, validation, query, JSON) against the database the process is pointed at.

export interface Tenant { accountId: string; token: string }
export interface BenchContext { until: Date; small: Tenant; big: Tenant; bigCalls: number; smallCalls: number; agentId: string; iterations: number }
export interface Section { title: string; run: (ctx: BenchContext) => Promise<BenchRow[]> }

const page = (token: string, query: string) => () => hit(details.GET, `/api/details?${query}`, token);

async function cursorOfPage(ctx: BenchContext, pageNo: number): Promise<string> {
  let cursor = "";
  for (let i = 1; i < pageNo; i++) {
    const body = JSON.parse(await hit(details.GET, `/api/details?limit=100${cursor ? `&cursor=${cursor}` : ""}`, ctx.big.token));
    if (!body.next_cursor) throw new Error(`only ${i} pages`);
    cursor = encodeURIComponent(body.next_cursor);
  }
  return cursor;
}

const day = (d: Date, minusDays = 0) => new Date(d.getTime() - minusDays * 86_400_000).toISOString().slice(0, 10);

export const SECTIONS: Section[] = [
  {
    title: "1. GET /api/details first page (limit 100): small account vs big account, same database",
    run: async (ctx) => [
      await measure(`small account (${ctx.smallCalls} calls), first page`, ctx.iterations, page(ctx.small.token, "limit=100")),
      await measure("big account, first page", ctx.iterations, page(ctx.big.token, "limit=100")),
    ],
  },
  {
    title: "2. Keyset pagination depth on the big account (limit 100)",
    run: async (ctx) => {
      // Page 51 unless the big account is too small to have one.
      const deep = Math.min(51, Math.ceil(ctx.bigCalls / 100));
      const cursor = await cursorOfPage(ctx, deep);
      return [
        await measure("page 1", ctx.iterations, page(ctx.big.token, "limit=100")),
        await measure(`page ${deep} (next_cursor followed ${deep - 1} times)`, ctx.iterations, page(ctx.big.token, `limit=100&cursor=${cursor}`)),
        await measure("page 1, limit=1000", Math.ceil(ctx.iterations / 4), page(ctx.big.token, "limit=1000")),
      ];
    },
  },
  {
    title: "3. Filters and full-text search, first page on the big account",
    run: async (ctx) => {
      const q = (label: string, query: string, n = ctx.iterations) => measure(label, n, page(ctx.big.token, `limit=100&${query}`));
      const week = `from=${day(ctx.until, 7)}&to=${day(ctx.until)}`;
      const few = Math.max(20, Math.ceil(ctx.iterations / 4));
      return [
        await q("status=completed", "status=completed"),
        await q("status=failed (rarer)", "status=failed"),
        await q("call_type=web_call", "call_type=web_call"),
        await q("agent_id=<one of 4>", `agent_id=${ctx.agentId}`),
        await q("agent_id + status=rejected", `agent_id=${ctx.agentId}&status=rejected`),
        await q("from/to: last 7 days", week),
        await q("q=refund (common word)", "q=refund", few),
        await q("q=Haddad (name)", "q=Haddad", few),
        await q("q=refund + status=completed", "q=refund&status=completed", few),
        await q("q=+1 212 555 0150 (phone digits)", `q=${encodeURIComponent("+1 212 555 0150")}`, few),
        await q("q=zzzz (no match)", "q=zzzz", few),
      ];
    },
  },
  {
    title: "4. GET /api/details/summary on the big account (read from the daily rollup)",
    run: async (ctx) => [
      await measure("default range (last 30 days)", ctx.iterations, () => hit(summary.GET, "/api/details/summary", ctx.big.token)),
      await measure("90 days", ctx.iterations, () =>
        hit(summary.GET, `/api/details/summary?from=${day(ctx.until, 89)}&to=${day(ctx.until)}`, ctx.big.token)),
      await measure("90 days, one agent", ctx.iterations, () =>
        hit(summary.GET, `/api/details/summary?from=${day(ctx.until, 89)}&to=${day(ctx.until)}&agent_id=${ctx.agentId}`, ctx.big.token)),
    ],
  },
];
