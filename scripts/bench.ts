import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as details from "@/app/api/details/route";
import * as summary from "@/app/api/details/summary/route";
import { newApiToken, sha256Hex } from "@/lib/auth/credentials";
import { createAccount, insertApiToken } from "@/lib/db/accounts";
import { closeDb } from "@/lib/db/client";
import { hit, measure, printTable, type BenchRow } from "./support/bench-kit";
import { seedCalls } from "./support/seed-calls";

// `npm run bench`: figures for issue 2's performance claims, measured through the real route
// handlers (auth, validation, query, JSON) on a throwaway SQLite file. A benchmark, not a test:
// it prints numbers, the reader judges them. Knobs: BENCH_CALLS (300000), BENCH_ITERATIONS (200),
// BENCH_KEEP=1 keeps the database file.

const BIG = Number(process.env.BENCH_CALLS ?? 300_000);
const SMALL = 1_000;
const N = Number(process.env.BENCH_ITERATIONS ?? 200);

interface Tenant { accountId: string; token: string }
export interface BenchContext { dir: string; until: Date; small: Tenant; big: Tenant; agentId: string; iterations: number }
interface Section { title: string; run: (ctx: BenchContext) => Promise<BenchRow[]> }

async function tenant(name: string): Promise<Tenant> {
  const account = await createAccount(name);
  const token = newApiToken();
  await insertApiToken(account.id, token, sha256Hex(token));
  return { accountId: account.id, token };
}

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

const SECTIONS: Section[] = [
  {
    title: `1. GET /api/details first page (limit 100): ${SMALL}-call account vs ${BIG}-call account, same database`,
    run: async (ctx) => [
      await measure(`${SMALL} calls, first page`, ctx.iterations, page(ctx.small.token, "limit=100")),
      await measure(`${BIG} calls, first page`, ctx.iterations, page(ctx.big.token, "limit=100")),
    ],
  },
  {
    title: "2. Keyset pagination depth on the big account (limit 100)",
    run: async (ctx) => {
      // Page 51 unless BENCH_CALLS is too small to have one.
      const deep = Math.min(51, Math.ceil(BIG / 100));
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
  // More sections plug in here, e.g. `{ title: "Contacts", run: benchContacts }` from ./bench-contacts.
];

async function optionalSections(): Promise<Section[]> {
  // scripts/bench-contacts.ts (written with the contacts issue) adds its figures when present:
  // `export async function benchContacts(ctx: BenchContext): Promise<BenchRow[]>` is printed as a
  // table (anything else is printed as JSON). It runs on the same database after the sections above.
  const file = path.join(process.cwd(), "scripts", "bench-contacts.ts");
  if (!fs.existsSync(file)) return [];
  const mod = (await import(file)) as { benchContacts?: (ctx: BenchContext) => Promise<BenchRow[] | unknown> };
  if (typeof mod.benchContacts !== "function") return [];
  return [{ title: "Contacts (scripts/bench-contacts.ts)", run: async (ctx) => {
    const out = await mod.benchContacts!(ctx);
    return Array.isArray(out) ? (out as BenchRow[]) : [{ label: "benchContacts()", value: JSON.stringify(out) }];
  } }];
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxdesk-bench-"));
  delete process.env.DATABASE_URL; // the figures are for the embedded SQLite backend
  Object.assign(process.env, {
    DATABASE_PATH: path.join(dir, "bench.db"), LOG_LEVEL: "error", RATE_LIMIT_PER_MINUTE: String(1e9),
  });
  const started = performance.now();
  console.log(`Voxdesk bench: node ${process.version}, ${os.cpus().length} CPU(s), load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  console.log(`database ${process.env.DATABASE_PATH}`);

  const until = new Date();
  const big = await tenant("Bench big");
  const small = await tenant("Bench small");
  const seedBig = await seedCalls(big.accountId, { count: BIG, days: 90, seed: 1, until });
  const seedSmall = await seedCalls(small.accountId, { count: SMALL, days: 90, seed: 2, until });
  const fileMiB = fs.statSync(process.env.DATABASE_PATH!).size / 2 ** 20;
  printTable("5. Seed throughput (synthetic calls, one transaction, calls + FTS + rollup)", [
    { label: `seed ${BIG} calls`, value: `${seedBig.calls_per_second} calls/s`, note: `${seedBig.seconds} s wall, ${seedBig.cpu_seconds} s CPU` },
    { label: `seed ${SMALL} calls`, value: `${seedSmall.calls_per_second} calls/s`, note: `${seedSmall.seconds} s wall` },
    { label: "database file", value: `${fileMiB.toFixed(0)} MiB` },
  ]);

  const first = JSON.parse(await hit(details.GET, "/api/details?limit=1", big.token));
  const ctx: BenchContext = { dir, until, small, big, agentId: first.calls[0].agent_id, iterations: N };
  const results = new Map<string, BenchRow[]>();
  for (const section of [...SECTIONS, ...(await optionalSections())]) {
    const rows = await section.run(ctx);
    results.set(section.title, rows);
    printTable(section.title, rows);
  }

  const [s1, s2, , s4] = SECTIONS.map((s) => results.get(s.title)!);
  console.log("\nReading:");
  console.log(`  first page, big vs small account: p50 ${ratio(s1[1].p50, s1[0].p50)}, p95 ${ratio(s1[1].p95, s1[0].p95)}`);
  console.log(`  deep page vs page 1:              p50 ${ratio(s2[1].p50, s2[0].p50)}, p95 ${ratio(s2[1].p95, s2[0].p95)}`);
  console.log(`  summary over 90 days:             p95 ${s4[1].p95!.toFixed(2)} ms (target: well under 150 ms)`);
  console.log(`  total bench time ${((performance.now() - started) / 1000).toFixed(1)} s`);

  await closeDb();
  if (process.env.BENCH_KEEP !== "1") fs.rmSync(dir, { recursive: true, force: true });
}

const ratio = (a?: number, b?: number) => (a && b ? `x${(a / b).toFixed(2)}` : "n/a");

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
