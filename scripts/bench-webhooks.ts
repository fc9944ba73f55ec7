import crypto from "node:crypto";
import fs from "node:fs";
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { closeDb, db, writeTx } from "@/lib/core/client";
import { resetConfigForTests } from "@/lib/core/config";
import { createDatabase, dropDatabase } from "@/lib/core/postgres";
import { newAccountWithToken } from "@/lib/testing/harness";
import { createEndpoint } from "@/lib/webhooks/db/endpoints";
import { emitEvent } from "@/lib/webhooks/db/outbox";
import { startWebhookWorker } from "@/lib/webhooks/worker-loop";
import { percentile, printSideBySide, type BenchRow } from "./support/bench-kit";

// Webhook delivery speed: BENCH_WEBHOOK_EVENTS (10,000) events, each committed in its own
// transaction at BENCH_WEBHOOK_RATE events/s (default 200: 600 deliveries/s offered), fanned out to
// 3 endpoints on local receivers (in a child process: scripts/bench-webhooks-receivers.ts) plus a 4th
// whose receiver is down (connection refused), sent by the
// worker loop as `npm start` runs it (WEBHOOK_TICK_MS). Reports deliveries/s, p50/p99 from commit to
// the receiver, and duplicates (a webhook-id a receiver saw twice). Targets (SQLite): ≥ 500
// deliveries/s, p99 ≤ 1 s, no duplicate, the down receiver slowing nobody. Alone:
// `BENCH_ONLY=webhooks npm run bench`; beside it on PostgreSQL (the same rows, a fresh database):
// `BENCH_ONLY=webhooks npm run bench:pg`.

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000);
const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 200);
const GROUP_MS = 20;
const TITLE = `10. Webhook delivery: ${EVENTS} events × 3 endpoints (+1 down) on 127.0.0.1, committed at ${RATE}/s in ${GROUP_MS} ms groups`;

interface ReceiverReport { seen: [string, number][]; dupes: number }

/** scripts/bench-webhooks-receivers.ts in a child process: its URLs, a promise of "all seen", and its report. */
async function receivers(): Promise<{ urls: string[]; allSeen: Promise<void>; report(): Promise<ReceiverReport[]> }> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "bench-webhooks-receivers.ts")], {
    env: { ...process.env, BENCH_EXPECTED: String(EVENTS) }, stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = readline.createInterface({ input: child.stdout });
  const next = () => new Promise<string>((ok) => lines.once("line", ok));
  const urls = JSON.parse(await next()) as string[];
  const allSeen = next().then(() => undefined);
  return {
    urls, allSeen,
    async report() {
      const line = next();
      child.stdin.write("report\n");
      return JSON.parse(await line) as ReceiverReport[];
    },
  };
}

const epochNow = () => performance.timeOrigin + performance.now();

async function run(kind: "SQLite" | "PostgreSQL", pgAdmin?: string): Promise<BenchRow[]> {
  await closeDb();
  let remove: () => Promise<void>;
  if (kind === "SQLite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxdesk-bench-webhooks-"));
    delete process.env.DATABASE_URL;
    process.env.DATABASE_PATH = path.join(dir, "bench.db");
    remove = async () => fs.rmSync(dir, { recursive: true, force: true });
  } else {
    const name = `voxdesk_bench_${crypto.randomBytes(5).toString("hex")}`;
    process.env.DATABASE_URL = await createDatabase(pgAdmin!, name);
    process.env.SECRET_KEY ??= crypto.randomBytes(32).toString("base64");
    remove = () => dropDatabase(pgAdmin!, name);
  }
  process.env.TOOL_TARGET_ALLOWLIST = "127.0.0.1";
  resetConfigForTests();
  const { accountId } = await newAccountWithToken("Bench webhooks");
  const rxs = await receivers();
  for (const url of rxs.urls) await createEndpoint(accountId, { url, events: ["*"] });
  const down = await createEndpoint(accountId, { url: "http://127.0.0.1:9/down", events: ["*"] }); // discard port: refused
  const committed = new Map<string, number>();
  const worker = startWebhookWorker();
  const started = epochNow();
  // Every GROUP_MS the events due by then commit together, as ingest groups the webhooks that arrive
  // together into one transaction (lib/calls/db/ingest.ts): with synchronous=FULL one commit per event
  // would cost the emitter an fsync each (about 4 ms on a busy disk), more than the delivery measured.
  for (let n = 0; n < EVENTS;) {
    const due = Math.min(EVENTS, Math.max(n + 1, Math.floor(((epochNow() - started) * RATE) / 1000)));
    const ids = await writeTx(async (trx) => {
      const out: string[] = [];
      for (let k = n; k < due; k++) out.push((await emitEvent(trx, accountId, "call.ended", { n: k, call_sid: `bench-${k}` }))!);
      return out;
    });
    const at = epochNow();
    for (const id of ids) committed.set(id, at);
    n = due;
    await new Promise((r) => setTimeout(r, GROUP_MS));
  }
  await Promise.race([rxs.allSeen, new Promise((r) => setTimeout(r, 120_000).unref())]);
  await worker.stop();
  const seen = await rxs.report();
  const last = Math.max(...seen.flatMap((rx) => rx.seen.map(([, at]) => at)));
  const latencies = seen.flatMap((rx) => rx.seen.map(([id, at]) => at - committed.get(id)!)).sort((a, b) => a - b);
  const delivered = seen.reduce((n, rx) => n + rx.seen.length, 0);
  const dupes = seen.reduce((n, rx) => n + rx.dupes, 0);
  // A healthy endpoint's failed attempt waits for its retry (5 s after the second): the p99's usual cause.
  const retried = await db().selectFrom("webhook_attempts").select(["response"]).where("status", "=", "failed").where("endpoint_id", "!=", down.row.id).execute();
  if (retried.length) console.log(`healthy endpoints' failed attempts: ${retried.length}, e.g. ${retried[0].response}`);
  // The down receiver was tried all along (its lane ran beside the others), not skipped.
  const downTried = (await db().selectFrom("webhook_attempts").select((eb) => eb.fn.countAll<number>().as("n"))
    .where("endpoint_id", "=", down.row.id).executeTakeFirstOrThrow()).n;
  await closeDb();
  await remove();
  return [
    { label: "deliveries/s (first commit to last delivery)", value: (delivered / ((last - started) / 1000)).toFixed(0) },
    { label: "commit → delivered, ms", p50: percentile(latencies, 50), p95: percentile(latencies, 99), n: latencies.length, note: "second figure is p99" },
    { label: "down endpoint: attempts made (all refused)", value: String(downTried) },
    { label: "delivered / expected, duplicates", value: `${delivered} / ${3 * EVENTS}, ${dupes}` },
  ];
}

/** Section 10 on SQLite, and on PostgreSQL when an admin URL is given. */
export async function benchWebhooksSection(pgAdmin?: string): Promise<void> {
  const columns = [{ name: "SQLite", rows: await run("SQLite") }];
  if (pgAdmin) columns.push({ name: "PostgreSQL", rows: await run("PostgreSQL", pgAdmin) });
  printSideBySide(TITLE, columns);
}
