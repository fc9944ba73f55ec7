import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as details from "@/app/api/details/route";
import { newApiToken, sha256Hex } from "@/lib/people/credentials";
import { resetConfigForTests } from "@/lib/core/config";
import { createAccount, insertApiToken } from "@/lib/people/db/accounts";
import { closeDb } from "@/lib/core/client";
import { databaseBytes } from "@/lib/core/operator";
import { createDatabase, dropDatabase } from "@/lib/core/postgres";
import { benchContacts, contactsRows } from "./bench-contacts";
import { benchIngestSection } from "./bench-ingest";
import { benchSelfHostedSection } from "./bench-self-hosted";
import { benchVendorsSection } from "./bench-vendors";
import { benchWebhooksSection } from "./bench-webhooks";
import { benchTestChatSection } from "./bench-test-chat";
import { benchOutcomes, outcomesReading, OUTCOMES_TITLE } from "./bench-outcomes";
import { benchCampaigns, campaignsReading } from "./support/bench-campaigns";
import { benchOverHttp } from "./support/bench-http";
import { hit, printSideBySide, type BenchRow } from "./support/bench-kit";
import { SECTIONS, type BenchContext, type Tenant } from "./support/bench-sections";
import { seedCalls } from "./support/seed-calls";

// `npm run bench`: the performance figures, measured through the real route handlers on a
// throwaway SQLite file and, when BENCH_PG_URL (or TEST_PG_ADMIN_URL) names a PostgreSQL server, on
// a fresh PostgreSQL database there too, printed side by side. A benchmark, not a test: it prints
// numbers, the reader judges them. Knobs: BENCH_CALLS (300000, the big account on SQLite),
// BENCH_PG_CALLS (the big account on PostgreSQL; default 100000 to keep the run under ~4 minutes
// on a small machine), BENCH_ITERATIONS (200), BENCH_KEEP=1 keeps the databases,
// BENCH_CAMPAIGN_CONTACTS (100000, the big campaign of section 7), BENCH_ONLY=campaigns runs section 7
// alone on a fresh database, nothing else seeded (with BENCH_ITERATIONS=60: ~20 s on SQLite, ~40 s
// more on PostgreSQL), e.g. `BENCH_ONLY=campaigns BENCH_ITERATIONS=60 npm run bench`; BENCH_ONLY=http
// runs the over-HTTP section alone (SQLite, BENCH_CALLS calls seeded; e.g. BENCH_CALLS=100000);
// BENCH_ONLY=outcomes runs section 8 alone on each backend, the big account seeded first (e.g.
// `BENCH_ONLY=outcomes BENCH_CALLS=100000 BENCH_ITERATIONS=100 npm run bench:pg`).

const SQLITE_CALLS = Number(process.env.BENCH_CALLS ?? 300_000);
const PG_CALLS = Number(process.env.BENCH_PG_CALLS ?? Math.min(SQLITE_CALLS, 100_000));
const SMALL = 1_000;
const N = Number(process.env.BENCH_ITERATIONS ?? 200);
const PG_ADMIN = process.env.BENCH_PG_URL ?? process.env.TEST_PG_ADMIN_URL;
const ONLY = process.env.BENCH_ONLY;
// BENCH_ONLY=ingest: section 9 (scripts/bench-ingest.ts) alone, on its own fresh databases.
const INGEST_ONLY = ONLY === "ingest";
// BENCH_ONLY=webhooks: section 10 (scripts/bench-webhooks.ts) alone, on its own fresh databases.
const WEBHOOKS_ONLY = ONLY === "webhooks";
// BENCH_ONLY=test-chat: section 11 (scripts/bench-test-chat.ts) alone, on its own fresh databases.
const CHAT_ONLY = ONLY === "test-chat";
// BENCH_ONLY=vendors: section 13 (scripts/bench-vendors.ts) alone, on its own fresh databases.
// BENCH_ONLY=self-hosted: section 12 (scripts/bench-self-hosted.ts) alone, on its own fresh databases.
const SELF_HOSTED_ONLY = ONLY === "self-hosted";
const VENDORS_ONLY = ONLY === "vendors";
if (ONLY !== undefined && !INGEST_ONLY && !WEBHOOKS_ONLY && !CHAT_ONLY && !SELF_HOSTED_ONLY && !VENDORS_ONLY && ONLY !== "campaigns" && ONLY !== "http" && ONLY !== "outcomes") throw new Error(`BENCH_ONLY must be "campaigns", "http", "outcomes", "ingest", "webhooks", "test-chat", "self-hosted", "vendors" (or unset), not "${ONLY}"`);
const CAMPAIGNS_TITLE = "7. Campaign dispatch: the tick's cost must not grow with contacts already done (max_concurrency 10, 10 slots free every tick, fake Bolna on 127.0.0.1)";

type Kind = "SQLite" | "PostgreSQL";
interface BackendRun { name: Kind; calls: number; seed: BenchRow[]; sections: BenchRow[][]; contacts: BenchRow[]; campaigns: BenchRow[]; outcomes: BenchRow[]; seconds: number }

async function tenant(name: string): Promise<Tenant> {
  const account = await createAccount(name);
  const token = newApiToken();
  await insertApiToken(account.id, token, sha256Hex(token));
  return { accountId: account.id, token };
}

/** Points this process at a fresh database of the given kind; returns how to remove it. */
async function freshDatabase(kind: Kind): Promise<() => Promise<void>> {
  await closeDb();
  if (kind === "SQLite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxdesk-bench-"));
    delete process.env.DATABASE_URL;
    process.env.DATABASE_PATH = path.join(dir, "bench.db");
    resetConfigForTests();
    return async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const name = `voxdesk_bench_${crypto.randomBytes(5).toString("hex")}`;
  process.env.DATABASE_URL = await createDatabase(PG_ADMIN!, name);
  process.env.SECRET_KEY ??= crypto.randomBytes(32).toString("base64");
  resetConfigForTests();
  return () => dropDatabase(PG_ADMIN!, name);
}

/** BENCH_ONLY=campaigns: section 7 alone, on a fresh database. */
async function runCampaignsOnly(kind: Kind): Promise<BackendRun> {
  const started = performance.now();
  const remove = await freshDatabase(kind);
  console.error(`${kind}: ${CAMPAIGNS_TITLE}`);
  const campaigns = await benchCampaigns(N);
  await closeDb();
  if (process.env.BENCH_KEEP !== "1") await remove();
  return { name: kind, calls: 0, seed: [], sections: [], contacts: [], campaigns, outcomes: [], seconds: (performance.now() - started) / 1000 };
}

/** BENCH_ONLY=http: the over-HTTP section alone (SQLite), on a fresh database with the big account. */
async function runHttpOnly(): Promise<void> {
  const remove = await freshDatabase("SQLite");
  console.error(`SQLite: seeding ${SQLITE_CALLS} calls…`);
  const big = await tenant("Bench big");
  await seedCalls(big.accountId, { count: SQLITE_CALLS, days: 90, seed: 1, until: new Date() });
  await closeDb();
  await benchOverHttp(process.env.DATABASE_PATH!, big);
  await remove();
}

/** BENCH_ONLY=outcomes: section 8 alone, on a fresh database with the big account. */
async function runOutcomesOnly(kind: Kind, bigCalls: number): Promise<BackendRun> {
  const started = performance.now();
  const remove = await freshDatabase(kind);
  console.error(`${kind}: seeding ${bigCalls} calls…`);
  const until = new Date();
  const big = await tenant("Bench big");
  await seedCalls(big.accountId, { count: bigCalls, days: 90, seed: 1, until });
  const first = JSON.parse(await hit(details.GET, "/api/details?limit=1", big.token));
  console.error(`${kind}: ${OUTCOMES_TITLE}`);
  const outcomes = await benchOutcomes({ until, small: big, big, bigCalls, smallCalls: 0, agentId: first.calls[0].agent_id, iterations: N });
  await closeDb();
  if (process.env.BENCH_KEEP !== "1") await remove();
  return { name: kind, calls: bigCalls, seed: [], sections: [], contacts: [], campaigns: [], outcomes, seconds: (performance.now() - started) / 1000 };
}

async function runBackend(kind: Kind, bigCalls: number): Promise<BackendRun> {
  if (ONLY === "campaigns") return runCampaignsOnly(kind);
  if (ONLY === "outcomes") return runOutcomesOnly(kind, bigCalls);
  const started = performance.now();
  const remove = await freshDatabase(kind);
  console.error(`${kind}: seeding ${bigCalls} + ${SMALL} calls…`);
  const until = new Date();
  const big = await tenant("Bench big");
  const small = await tenant("Bench small");
  const seedBig = await seedCalls(big.accountId, { count: bigCalls, days: 90, seed: 1, until });
  const seedSmall = await seedCalls(small.accountId, { count: SMALL, days: 90, seed: 2, until });
  const seed: BenchRow[] = [
    { label: "seed the big account (calls/s)", value: `${seedBig.calls_per_second}/s`, note: `${bigCalls} calls, ${seedBig.seconds} s wall, ${seedBig.cpu_seconds} s CPU` },
    { label: `seed ${SMALL} calls (calls/s)`, value: `${seedSmall.calls_per_second}/s` },
    { label: "database size", value: `${((await databaseBytes()) / 2 ** 20).toFixed(0)} MiB` },
  ];
  const first = JSON.parse(await hit(details.GET, "/api/details?limit=1", big.token));
  const ctx: BenchContext = { until, small, big, bigCalls, smallCalls: SMALL, agentId: first.calls[0].agent_id, iterations: N };
  const sections: BenchRow[][] = [];
  for (const section of SECTIONS) {
    console.error(`${kind}: ${section.title}`);
    sections.push(await section.run(ctx));
  }
  if (kind === "SQLite") {
    console.error(`${kind}: over real HTTP, next start vs a bare node:http server…`);
    await benchOverHttp(process.env.DATABASE_PATH!, big);
  }
  // After the HTTP section, whose bare server answers every call without an outcome.
  console.error(`${kind}: ${OUTCOMES_TITLE}`);
  const outcomes = await benchOutcomes(ctx);
  // After the HTTP section: its `next start` runs a dispatcher, and this section's campaigns must not be live then.
  console.error(`${kind}: ${CAMPAIGNS_TITLE}`);
  const campaigns = await benchCampaigns(N);
  await closeDb();
  if (process.env.BENCH_KEEP !== "1") await remove();
  else console.error(`${kind}: kept ${process.env.DATABASE_URL ?? process.env.DATABASE_PATH}`);
  console.error(`${kind}: contacts add…`);
  const contacts = contactsRows(await benchContacts(kind === "PostgreSQL" ? PG_ADMIN : undefined));
  return { name: kind, calls: bigCalls, seed, sections, contacts, campaigns, outcomes, seconds: (performance.now() - started) / 1000 };
}

const ratio = (a?: number, b?: number) => (a && b ? `x${(a / b).toFixed(2)}` : "n/a");

async function main() {
  process.env.LOG_LEVEL = "error";
  process.env.RATE_LIMIT_PER_MINUTE = String(1e9);
  // The in-process sections time the reads themselves, so the read cache (which would answer their
  // repeated requests from memory) is off here; the over-HTTP section measures it on and off.
  process.env.READ_CACHE_MB = "0";
  const started = performance.now();
  console.log(`Voxdesk bench: node ${process.version}, ${os.cpus().length} CPU(s), load average at start ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  if (INGEST_ONLY || WEBHOOKS_ONLY || CHAT_ONLY || SELF_HOSTED_ONLY || VENDORS_ONLY) {
    await (VENDORS_ONLY ? benchVendorsSection : SELF_HOSTED_ONLY ? benchSelfHostedSection : CHAT_ONLY ? benchTestChatSection : WEBHOOKS_ONLY ? benchWebhooksSection : benchIngestSection)(PG_ADMIN);
    console.log(`  total bench time ${((performance.now() - started) / 1000).toFixed(1)} s, load average at end ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
    return;
  }
  if (ONLY === "http") {
    await runHttpOnly();
    console.log(`  total bench time ${((performance.now() - started) / 1000).toFixed(1)} s, load average at end ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
    return;
  }
  const runs = [await runBackend("SQLite", SQLITE_CALLS)];
  if (PG_ADMIN) runs.push(await runBackend("PostgreSQL", PG_CALLS));
  else console.log("PostgreSQL: not run (set BENCH_PG_URL to a server where databases may be created, or use `npm run bench:pg`)");
  if (!ONLY || ONLY === "outcomes") console.log(`Big account: ${runs.map((r) => `${r.name} ${r.calls} calls`).join(", ")}${PG_ADMIN && PG_CALLS !== SQLITE_CALLS ? " (BENCH_PG_CALLS: fewer on PostgreSQL to keep the run short; set it to compare equal sizes)" : ""}; small account ${SMALL} calls.`);

  const column = (pick: (r: BackendRun) => BenchRow[]) => runs.map((r) => ({ name: r.name, rows: pick(r) }));
  if (!ONLY) {
    SECTIONS.forEach((s, i) => printSideBySide(s.title, column((r) => r.sections[i])));
    printSideBySide("5. Seed throughput (synthetic calls: calls + search index + daily rollup, inserted 10k at a time)", column((r) => r.seed));
    printSideBySide("6. Contacts add (fresh database, route handler, every number new)", column((r) => r.contacts));
  }
  if (ONLY !== "outcomes") printSideBySide(CAMPAIGNS_TITLE, column((r) => r.campaigns));
  if (!ONLY || ONLY === "outcomes") printSideBySide(OUTCOMES_TITLE, column((r) => r.outcomes));
  if (!ONLY) await benchIngestSection(PG_ADMIN);
  if (!ONLY) await benchWebhooksSection(PG_ADMIN);
  if (!ONLY) await benchTestChatSection(PG_ADMIN);
  if (!ONLY) await benchSelfHostedSection(PG_ADMIN);
  if (!ONLY) await benchVendorsSection(PG_ADMIN);

  console.log("\nReading:");
  for (const r of runs) {
    if (!ONLY) {
      const [s1, s2, , s4] = r.sections;
      console.log(`  ${r.name}: first page big vs small p95 ${ratio(s1[1].p95, s1[0].p95)}; deep page vs page 1 p95 ${ratio(s2[1].p95, s2[0].p95)}; summary over 90 days p95 ${s4[1].p95!.toFixed(2)} ms (target: well under 150 ms); ${r.seconds.toFixed(0)} s`);
    }
    if (ONLY !== "outcomes") console.log(`  ${r.name}: ${campaignsReading(r.campaigns)}`);
    if (!ONLY || ONLY === "outcomes") console.log(`  ${r.name}: ${outcomesReading(r.outcomes)}`);
  }
  console.log(`  total bench time ${((performance.now() - started) / 1000).toFixed(1)} s, load average at end ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
