import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import path from "node:path";
import readline from "node:readline";
import { isDeepStrictEqual } from "node:util";
import { DEFAULT_READ_CACHE_MB } from "@/lib/core/config";
import { insertCalls } from "@/lib/calls/db/calls";
import { closeDb } from "@/lib/core/client";
import { startServer, type RunningServer } from "@/lib/testing/server";
import { percentile } from "./bench-kit";
import { httpRequest, loadBurst, withAgent as withClients } from "./http-load";

// `npm run bench`, section "Over real HTTP": our `next start` server against a bare node:http +
// better-sqlite3 server (bench-bare-server.ts) on the same SQLite file, same account, same JSON.
// A second `next start` with READ_CACHE_MB=0 shows the cost without the read cache. All are measured
// alternately in rounds so machine noise hits them alike; the ratios are the figures to read. Every loop is bounded (request counts, seconds) and only targets 127.0.0.1.

const ROUNDS = Number(process.env.BENCH_HTTP_ROUNDS ?? 4);
const SEQUENTIAL = 60; // one client, one request at a time: latency
const CLIENTS = 8; // concurrent clients: throughput
const BURST_MS = 1500;
const TARGETS = { "details p50": 1.5, "summary p50": 1.5, "details req/s": 0.6 };

interface Target { name: string; base: string; latencies: number[]; done: number; ms: number }
const WRITES_PER_SECOND = 20;
const ENDPOINTS: { label: string; path: string; uncached: boolean; writes?: true }[] = [
  { label: "GET /api/details?limit=100", path: "/api/details?limit=100", uncached: true },
  { label: "GET /api/details/summary", path: "/api/details/summary", uncached: true },
  { label: "GET /api/health (no auth)", path: "/api/health", uncached: false },
  // Not a target row: what the read cache is worth on a busy account, where webhooks keep writing new
  // calls (each one moves the data stamp and drops every kept answer, and changes the first page).
  { label: `GET /api/details?limit=100, ${WRITES_PER_SECOND} new calls/s written`, path: "/api/details?limit=100", uncached: true, writes: true },
];

/** Inserts one new call into the account every 1/WRITES_PER_SECOND s, through the product's insert path, until stopped. */
function startWriter(accountId: string): () => Promise<{ calls: number; seconds: number }> {
  const started = performance.now();
  let n = 0;
  let pending = Promise.resolve();
  const timer = setInterval(() => {
    const i = n++;
    pending = pending.then(() => insertCalls(accountId, [{
      call_sid: `bench-live-${process.pid}-${i}`, agent_id: "bench-live-agent", name: "Live", from_number: "+14155550100",
      to_number: "+14155550111", duration: 30, recording_url: "", transcription: "Agent: hello", status: "completed",
      cost: 0.01, call_type: "outbound", created_at: new Date().toISOString(),
    }])).then(() => undefined);
  }, 1000 / WRITES_PER_SECOND);
  return async () => {
    clearInterval(timer);
    await pending;
    await closeDb();
    return { calls: n, seconds: (performance.now() - started) / 1000 };
  };
}

const get = (t: Target, agent: http.Agent, pathAndQuery: string, token: string) =>
  httpRequest(`${t.base}${pathAndQuery}`, agent, { headers: { authorization: `Bearer ${token}` } }).catch((err: Error) => {
    throw new Error(`${t.name}: ${err.message}`);
  });

async function startBare(dbPath: string): Promise<{ base: string; proc: ChildProcess }> {
  const tsx = path.join(process.cwd(), "node_modules", ".bin", "tsx");
  const proc = spawn(tsx, ["--conditions=react-server", path.join(process.cwd(), "scripts", "support", "bench-bare-server.ts")], {
    env: { ...process.env, BENCH_DB: dbPath }, stdio: ["ignore", "pipe", "inherit"],
  });
  const line = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: proc.stdout! }).once("line", resolve);
    proc.once("exit", (code) => reject(new Error(`bare server exited (${code})`)));
  });
  return { base: `http://127.0.0.1:${JSON.parse(line).port}`, proc };
}

const withAgent = (fn: (agent: http.Agent) => Promise<void>) => withClients(CLIENTS, fn);

const sequential = (t: Target, p: string, token: string, n: number, record: boolean) => withAgent(async (agent) => {
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await get(t, agent, p, token);
    if (record) t.latencies.push(performance.now() - start);
  }
});

const burst = async (t: Target, p: string, token: string) => {
  const r = await loadBurst(CLIENTS, BURST_MS, (agent) => get(t, agent, p, token));
  t.done += r.done;
  t.ms += r.ms;
};

const fmt = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(1));

/**
 * Runs the section and prints its table. Needs a production build (`npm run build`); fails with a
 * clear message otherwise. `dbPath` is the bench's SQLite file, `account` the big one (its id and token).
 */
export async function benchOverHttp(dbPath: string, account: { accountId: string; token: string }): Promise<void> {
  const { token } = account;
  const bare = await startBare(dbPath);
  const servers: RunningServer[] = [];
  try {
    // The product as shipped, and the same build with its read cache off (lib/http/read-cache.ts):
    // the benchmark repeats one request, which the cache answers from memory while nothing changes.
    // Explicit both times: the bench process itself runs with the cache off (scripts/bench.ts).
    for (const env of [{ READ_CACHE_MB: String(DEFAULT_READ_CACHE_MB) }, { READ_CACHE_MB: "0" }]) {
      servers.push(await startServer(dbPath, { RATE_LIMIT_PER_MINUTE: String(1e9), ...env }).catch((err) => {
        throw new Error(`Over-HTTP section: ${(err as Error).message}`);
      }));
    }
    const results: Row[] = [];
    for (const e of ENDPOINTS) {
      const group: Target[] = [
        { name: "bare", base: bare.base, latencies: [], done: 0, ms: 0 },
        { name: "voxdesk", base: servers[0].url, latencies: [], done: 0, ms: 0 },
        ...(e.uncached ? [{ name: "voxdesk, cache off", base: servers[1].url, latencies: [], done: 0, ms: 0 }] : []),
      ];
      // Same answer from all, or the comparison means nothing.
      const answers: string[] = [];
      for (const t of group) await withAgent(async (agent) => void answers.push(await get(t, agent, e.path, token)));
      for (const [i, answer] of answers.entries()) {
        if (!isDeepStrictEqual(JSON.parse(answers[0]), JSON.parse(answer))) throw new Error(`${e.label}: ${group[0].name} and ${group[i].name} answers differ`);
      }
      // Warm up (JIT, caches): a burst and then sequential requests, not recorded. With sequential
      // requests alone Next's code was not yet optimized in the first row (its cache-off p50 read 2.2 ms
      // there and 1.4 ms for the same request later in the run).
      for (const t of group) {
        await burst({ ...t, done: 0, ms: 0 }, e.path, token);
        await sequential(t, e.path, token, 200, false);
      }
      const stopWriter = e.writes ? startWriter(account.accountId) : undefined;
      let written: { calls: number; seconds: number } | undefined;
      try {
        for (let r = 0; r < ROUNDS; r++) {
          for (const t of r % 2 ? [...group].reverse() : group) {
            await sequential(t, e.path, token, SEQUENTIAL, true);
            await burst(t, e.path, token);
          }
        }
      } finally {
        written = await stopWriter?.();
      }
      const figures = group.map((t) => {
        const sorted = t.latencies.sort((x, y) => x - y);
        return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), rps: (t.done / t.ms) * 1000 };
      });
      results.push({ label: e.label, pair: [figures[0], figures[1]], written });
      if (figures[2]) results.push({ label: `${e.label}, read cache off`, pair: [figures[0], figures[2]] });
    }
    print(results);
  } finally {
    bare.proc.kill();
    await Promise.all(servers.map((s) => s.stop()));
  }
}

type Figures = { p50: number; p95: number; rps: number };
type Row = { label: string; pair: [Figures, Figures]; written?: { calls: number; seconds: number } };

function print(results: Row[]) {
  console.log(`\nOver real HTTP: next start vs a bare node:http + better-sqlite3 server, same SQLite file, big account, ${ROUNDS} alternating rounds`);
  console.log(`(latency: ${ROUNDS * SEQUENTIAL} sequential requests from one client; req/s: ${CLIENTS} concurrent keep-alive clients, ${ROUNDS} x ${BURST_MS / 1000} s)`);
  const head = ["endpoint", "bare p50 / p95 ms", "voxdesk p50 / p95 ms", "p50 ratio", "bare req/s", "voxdesk req/s", "req/s ratio"];
  const cells = results.map(({ label, pair: [b, v] }) => [
    label, `${fmt(b.p50)} / ${fmt(b.p95)}`, `${fmt(v.p50)} / ${fmt(v.p95)}`, `x${(v.p50 / b.p50).toFixed(2)}`,
    b.rps.toFixed(0), v.rps.toFixed(0), `x${(v.rps / b.rps).toFixed(2)}`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => c.map((v, i) => (i ? v.padStart(widths[i]) : v.padEnd(widths[i]))).join("  ");
  console.log(line(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const c of cells) console.log(line(c));
  const row = (label: string) => results.find((r) => r.label === label)!.pair;
  const [details, summary, health, busy] = ENDPOINTS.map((e) => row(e.label));
  const { calls, seconds } = results.find((r) => r.written)!.written!;
  const [detailsOff, summaryOff, busyOff] = ENDPOINTS.filter((e) => e.uncached).map((e) => row(`${e.label}, read cache off`));
  const got = {
    "details p50": details[1].p50 / details[0].p50,
    "summary p50": summary[1].p50 / summary[0].p50,
    "details req/s": details[1].rps / details[0].rps,
  };
  const verdict = (Object.keys(TARGETS) as (keyof typeof TARGETS)[]).map((k) => {
    const ok = k.endsWith("req/s") ? got[k] >= TARGETS[k] : got[k] <= TARGETS[k];
    return `${k} x${got[k].toFixed(2)} (target ${k.endsWith("req/s") ? ">=" : "<="} x${TARGETS[k]}: ${ok ? "met" : "MISSED"})`;
  });
  console.log(`Targets (as shipped, read cache on): ${verdict.join("; ")}`);
  console.log(`Read cache off (every request reads and serializes): details p50 x${(detailsOff[1].p50 / detailsOff[0].p50).toFixed(2)}, summary p50 x${(summaryOff[1].p50 / summaryOff[0].p50).toFixed(2)}, details req/s x${(detailsOff[1].rps / detailsOff[0].rps).toFixed(2)}.`);
  console.log(`While ${WRITES_PER_SECOND} new calls/s are written (${calls} in ${seconds.toFixed(1)} s; every write drops the kept answers): details p50 x${(busy[1].p50 / busy[0].p50).toFixed(2)}, req/s x${(busy[1].rps / busy[0].rps).toFixed(2)}; read cache off x${(busyOff[1].p50 / busyOff[0].p50).toFixed(2)}, x${(busyOff[1].rps / busyOff[0].rps).toFixed(2)}.`);
  console.log(`Framework floor: a trivial Next route (/api/health) serves ${health[1].rps.toFixed(0)} req/s; voxdesk details reach ${((details[1].rps / health[1].rps) * 100).toFixed(0)}% of it.`);
}
