import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { closeDb, writeTx } from "@/lib/core/client";
import { resetConfigForTests } from "@/lib/core/config";
import { createDatabase, dropDatabase } from "@/lib/core/postgres";
import { newAccountWithToken } from "@/lib/testing/harness";
import { createEndpoint } from "@/lib/webhooks/db/endpoints";
import { emitEvent } from "@/lib/webhooks/db/outbox";
import { startWebhookWorker } from "@/lib/webhooks/worker-loop";
import { percentile, printSideBySide, type BenchRow } from "./support/bench-kit";

// Issue 23, delivery speed: BENCH_WEBHOOK_EVENTS (10,000) events, each committed in its own
// transaction at BENCH_WEBHOOK_RATE events/s (default 200: 600 deliveries/s offered), fanned out to
// 3 endpoints on local receivers plus a 4th whose receiver is down (connection refused), sent by the
// worker loop as `npm start` runs it (WEBHOOK_TICK_MS). Reports deliveries/s, p50/p99 from commit to
// the receiver, and duplicates (a webhook-id a receiver saw twice). Targets (SQLite): ≥ 500
// deliveries/s, p99 ≤ 1 s, no duplicate, the down receiver slowing nobody. Alone:
// `BENCH_ONLY=webhooks npm run bench`.

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000);
const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 200);
const TITLE = `10. Webhook delivery: ${EVENTS} events × 3 endpoints (+1 down) on 127.0.0.1, committed at ${RATE}/s`;

interface Receiver { url: string; seen: Map<string, number>; dupes: number; close(): Promise<void> }

async function receiver(): Promise<Receiver> {
  const seen = new Map<string, number>();
  const r = { seen, dupes: 0 } as Receiver;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const id = String(req.headers["webhook-id"]);
      if (seen.has(id)) r.dupes++;
      else seen.set(id, performance.now());
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  r.close = () => new Promise((ok) => { server.closeAllConnections(); server.close(() => ok()); });
  return r;
}

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
  const rxs = [await receiver(), await receiver(), await receiver()];
  for (const rx of rxs) await createEndpoint(accountId, { url: rx.url, events: ["*"] });
  await createEndpoint(accountId, { url: "http://127.0.0.1:9/down", events: ["*"] }); // discard port: refused
  const committed = new Map<string, number>();
  const worker = startWebhookWorker();
  const started = performance.now();
  for (let n = 0; n < EVENTS; n++) {
    const id = await writeTx((trx) => emitEvent(trx, accountId, "call.ended", { n, call_sid: `bench-${n}` }));
    committed.set(id!, performance.now());
    const ahead = started + ((n + 1) * 1000) / RATE - performance.now();
    if (ahead > 0) await new Promise((r) => setTimeout(r, ahead));
  }
  const deadline = performance.now() + 120_000;
  while (rxs.some((rx) => rx.seen.size < EVENTS) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const last = Math.max(...rxs.flatMap((rx) => [...rx.seen.values()]));
  await worker.stop();
  const latencies = rxs.flatMap((rx) => [...rx.seen].map(([id, at]) => at - committed.get(id)!)).sort((a, b) => a - b);
  const delivered = rxs.reduce((n, rx) => n + rx.seen.size, 0);
  await Promise.all(rxs.map((rx) => rx.close()));
  await closeDb();
  await remove();
  return [
    { label: "deliveries/s (first commit to last delivery)", value: (delivered / ((last - started) / 1000)).toFixed(0) },
    { label: "commit → delivered, ms", p50: percentile(latencies, 50), p95: percentile(latencies, 99), n: latencies.length, note: "second figure is p99" },
    { label: "delivered / expected, duplicates", value: `${delivered} / ${3 * EVENTS}, ${rxs.reduce((n, rx) => n + rx.dupes, 0)}` },
  ];
}

/** Section 10 on SQLite, and on PostgreSQL when an admin URL is given. */
export async function benchWebhooksSection(pgAdmin?: string): Promise<void> {
  const columns = [{ name: "SQLite", rows: await run("SQLite") }];
  if (pgAdmin) columns.push({ name: "PostgreSQL", rows: await run("PostgreSQL", pgAdmin) });
  printSideBySide(TITLE, columns);
}
