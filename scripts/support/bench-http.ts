import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import path from "node:path";
import readline from "node:readline";
import { isDeepStrictEqual } from "node:util";
import { startServer } from "@/lib/testing/server";
import { percentile } from "./bench-kit";

// `npm run bench`, section "Over real HTTP": our `next start` server against a bare node:http +
// better-sqlite3 server (bench-bare-server.ts) on the same SQLite file, same account, same JSON.
// Both are measured alternately in rounds so machine noise hits both alike; the ratios are the
// figures to read. Every loop is bounded (request counts, seconds) and only targets 127.0.0.1.

const ROUNDS = Number(process.env.BENCH_HTTP_ROUNDS ?? 4);
const SEQUENTIAL = 60; // one client, one request at a time: latency
const CLIENTS = 8; // concurrent clients: throughput
const BURST_MS = 1500;
const TARGETS = { "details p50": 1.5, "summary p50": 1.5, "details req/s": 0.6 };

interface Target { name: string; base: string; agent: http.Agent; latencies: number[]; done: number; ms: number }
const ENDPOINTS = [
  { label: "GET /api/details?limit=100", path: "/api/details?limit=100" },
  { label: "GET /api/details/summary", path: "/api/details/summary" },
  { label: "GET /api/health (no auth)", path: "/api/health" },
];

function get(t: Target, pathAndQuery: string, token: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${t.base}${pathAndQuery}`, { agent: t.agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => (res.statusCode === 200 ? resolve(body) : reject(new Error(`${t.name} ${pathAndQuery} answered ${res.statusCode}: ${body.slice(0, 200)}`))));
    });
    req.on("error", reject);
  });
}

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

async function sequential(t: Target, p: string, token: string, n: number, record: boolean) {
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await get(t, p, token);
    if (record) t.latencies.push(performance.now() - start);
  }
}

async function burst(t: Target, p: string, token: string) {
  const start = performance.now();
  const until = start + BURST_MS;
  let done = 0;
  await Promise.all(Array.from({ length: CLIENTS }, async () => {
    for (let i = 0; i < 100_000 && performance.now() < until; i++) {
      await get(t, p, token);
      done++;
    }
  }));
  t.done += done;
  t.ms += performance.now() - start;
}

const fmt = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(1));

/**
 * Runs the section and prints its table. Needs a production build (`npm run build`); fails with a
 * clear message otherwise. `dbPath` is the bench's SQLite file, `token` the big account's.
 */
export async function benchOverHttp(dbPath: string, token: string): Promise<void> {
  const bare = await startBare(dbPath);
  const next = await startServer(dbPath, { RATE_LIMIT_PER_MINUTE: String(1e9) }).catch((err) => {
    bare.proc.kill();
    throw new Error(`Over-HTTP section: ${(err as Error).message}`);
  });
  const agent = () => new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  try {
    const results = [];
    for (const e of ENDPOINTS) {
      const pair: Target[] = [
        { name: "bare", base: bare.base, agent: agent(), latencies: [], done: 0, ms: 0 },
        { name: "voxdesk", base: next.url, agent: agent(), latencies: [], done: 0, ms: 0 },
      ];
      // Same answer from both, or the comparison means nothing.
      const [a, b] = await Promise.all(pair.map((t) => get(t, e.path, token)));
      if (!isDeepStrictEqual(JSON.parse(a), JSON.parse(b))) throw new Error(`${e.label}: bare and voxdesk answers differ`);
      for (const t of pair) await sequential(t, e.path, token, 200, false); // warm up (JIT, caches)
      for (let r = 0; r < ROUNDS; r++) {
        for (const t of r % 2 ? [...pair].reverse() : pair) {
          await sequential(t, e.path, token, SEQUENTIAL, true);
          await burst(t, e.path, token);
        }
      }
      results.push({ e, pair: pair.map((t) => {
        const sorted = t.latencies.sort((x, y) => x - y);
        t.agent.destroy();
        return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), rps: (t.done / t.ms) * 1000 };
      }) });
    }
    print(results);
  } finally {
    bare.proc.kill();
    await next.stop();
  }
}

type Row = { e: (typeof ENDPOINTS)[number]; pair: { p50: number; p95: number; rps: number }[] };

function print(results: Row[]) {
  console.log(`\nOver real HTTP: next start vs a bare node:http + better-sqlite3 server, same SQLite file, big account, ${ROUNDS} alternating rounds`);
  console.log(`(latency: ${ROUNDS * SEQUENTIAL} sequential requests from one client; req/s: ${CLIENTS} concurrent keep-alive clients, ${ROUNDS} x ${BURST_MS / 1000} s)`);
  const head = ["endpoint", "bare p50 / p95 ms", "voxdesk p50 / p95 ms", "p50 ratio", "bare req/s", "voxdesk req/s", "req/s ratio"];
  const cells = results.map(({ e, pair: [b, v] }) => [
    e.label, `${fmt(b.p50)} / ${fmt(b.p95)}`, `${fmt(v.p50)} / ${fmt(v.p95)}`, `x${(v.p50 / b.p50).toFixed(2)}`,
    b.rps.toFixed(0), v.rps.toFixed(0), `x${(v.rps / b.rps).toFixed(2)}`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => c.map((v, i) => (i ? v.padStart(widths[i]) : v.padEnd(widths[i]))).join("  ");
  console.log(line(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const c of cells) console.log(line(c));
  const [details, summary, health] = results.map((r) => r.pair);
  const got = {
    "details p50": details[1].p50 / details[0].p50,
    "summary p50": summary[1].p50 / summary[0].p50,
    "details req/s": details[1].rps / details[0].rps,
  };
  const verdict = (Object.keys(TARGETS) as (keyof typeof TARGETS)[]).map((k) => {
    const ok = k.endsWith("req/s") ? got[k] >= TARGETS[k] : got[k] <= TARGETS[k];
    return `${k} x${got[k].toFixed(2)} (target ${k.endsWith("req/s") ? ">=" : "<="} x${TARGETS[k]}: ${ok ? "met" : "MISSED"})`;
  });
  console.log(`Targets: ${verdict.join("; ")}`);
  console.log(`Framework floor: a trivial Next route (/api/health) serves ${health[1].rps.toFixed(0)} req/s; voxdesk details reach ${((details[1].rps / health[1].rps) * 100).toFixed(0)}% of it.`);
}
