import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import readline from "node:readline";
import * as agentRoute from "@/app/api/agent/route";
import { DEFAULT_READ_CACHE_MB, resetConfigForTests } from "@/lib/core/config";
import { closeDb, migrateDatabase } from "@/lib/core/client";
import { createEngine, openWebhookSecret, recordDeployment } from "@/lib/engines/db";
import { outcomesFor } from "@/lib/outcomes/db";
import { ANALYSIS_PLAN_EXAMPLE } from "@/lib/outcomes/openapi";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { call, newAccountWithToken } from "@/lib/testing/harness";
import { hasBuild, startServer } from "@/lib/testing/server";
import { freshBenchDatabase } from "./support/bench-database";
import { percentile, printSideBySide, type BenchRow } from "./support/bench-kit";
import { loadBurst, httpRequest } from "./support/http-load";
import { seedCalls } from "./support/seed-calls";

// Ingest speed: unique Bolna executions POSTed to the webhook by 8 concurrent keep-alive
// clients, without and with extracted_data carrying the agent's analysis_plan keys (which makes an
// engine outcome in the ingest transaction), against GET /api/details?limit=100 on the same server
// in the same minute. Bursts alternate in rounds so machine noise hits all three alike. The server is
// `next start` when a production build is in .next (the product as shipped: read cache on), else
// (or with BENCH_INGEST_SERVER=route) the same route handlers behind a plain node:http server in a
// child process (scripts/support/bench-route-server.ts); BENCH_INGEST_PROFILE=dir runs that child
// under --cpu-prof. Targets: ingest req/s ≥ half the read req/s on SQLite; with extracted_data ≤ 1.3×
// the p50 of without. Run alone: `BENCH_ONLY=ingest npm run bench` (or bench:pg for both databases).

const CLIENTS = 8;
const ROUNDS = Number(process.env.BENCH_INGEST_ROUNDS ?? 4);
const BURST_MS = Number(process.env.BENCH_INGEST_BURST_MS ?? 2000);
const SEED = Number(process.env.BENCH_INGEST_SEED ?? 20_000);
const REMOTE_AGENT = "bench-remote-agent";
const TRANSCRIPT = Array.from({ length: 12 }, (_, i) => (i % 2 ? "user: Yes, two seats on the pro plan would be great, thanks." : "assistant: Hi, this is Ava from Acme. How can I help you today?")).join("\n");
const EXTRACTED = { success: true, success_reason: "Booked a demo", sentiment: "positive", disposition: "booked", seats: 2, plan: "pro" };

/** A completed execution as Bolna posts it (docs/bolna.md, "Executions and the webhook"), with a new id each time. */
function execution(n: number, extracted: boolean): { id: string; body: string } {
  const now = new Date().toISOString();
  const id = `bench-${crypto.randomUUID()}`;
  return { id, body: JSON.stringify({
    id, agent_id: REMOTE_AGENT, batch_id: null, created_at: now, updated_at: now,
    scheduled_at: null, answered_by_voice_mail: false, conversation_duration: 61.5 + (n % 60), total_cost: 18.2,
    transcript: TRANSCRIPT, summary: "The caller booked a demo for two seats.", error_message: null, status: "completed",
    extracted_data: extracted ? EXTRACTED : null,
    cost_breakdown: { llm: 4.2, network: 1.2, platform: 2, synthesizer: 6.8, transcriber: 4 },
    usage_breakdown: { synthesizer_characters: 812, llm_tokens: 1904 },
    telephony_data: { duration: "63", to_number: `+1415555${String(1000 + (n % 9000))}`, from_number: "+14155550100", recording_url: `https://recordings.example/${n}.mp3`,
      hangup_by: "Callee", hangup_reason: "Call recipient hungup", hangup_provider_code: 4000, call_type: "outbound", provider: "twilio" },
    context_details: { recipient_data: { first_name: "Pat" }, recipient_phone_number: "+14155551000" },
  }) };
}

export interface Burst { label: string; done: number; ms: number; latencies: number[]; cpuMs: number }

/** The server process's CPU time so far in ms (Linux /proc; 0 elsewhere): per request it is steadier than req/s on a busy machine. */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in USER_HZ (100/s)
  } catch {
    return 0;
  }
}

/** CLIENTS keep-alive clients send `send()` requests for BURST_MS; the server's CPU time is read around it. */
export async function burst(b: Burst, pid: number | undefined, send: (agent: http.Agent) => Promise<void>) {
  const cpu = cpuMs(pid);
  const r = await loadBurst(CLIENTS, BURST_MS, send);
  b.latencies.push(...r.latencies);
  b.done += r.done;
  b.ms += r.ms;
  b.cpuMs += cpuMs(pid) - cpu;
}

export async function startRouteChild(env: Record<string, string>): Promise<{ url: string; pid?: number; stop: () => Promise<void> }> {
  const profile = process.env.BENCH_INGEST_PROFILE;
  const script = path.join(process.cwd(), "scripts", "support", "bench-route-server.ts");
  const proc = spawn(process.execPath, [...(profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : []), "--import", "tsx", "--conditions=react-server", script], {
    env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"],
  });
  const line = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: proc.stdout! }).once("line", resolve);
    proc.once("exit", (code) => reject(new Error(`route server exited (${code})`)));
  });
  const stop = () => new Promise<void>((resolve) => (proc.exitCode !== null ? resolve() : (proc.once("exit", () => resolve()), proc.kill("SIGTERM"))));
  return { url: `http://127.0.0.1:${JSON.parse(line).port}`, pid: proc.pid, stop };
}

/** A fresh database with one account: an engine, an agent with the example analysis plan deployed on it, SEED calls. */
async function world(postgresAdminUrl?: string) {
  const bench = await freshBenchDatabase("ingest", postgresAdminUrl);
  await migrateDatabase();
  const who = await newAccountWithToken("Bench ingest");
  const engine = await createEngine(who.accountId, { name: "Bolna", provider: "bolna", base_url: "http://127.0.0.1:9", api_key: "bench-api-key-0000" });
  const agentId = (await call(agentRoute.POST, "POST", "/api/agent", { token: who.token, body: { ...bolnaExampleAgent(), analysis_plan: ANALYSIS_PLAN_EXAMPLE } })).json.agent_id as string;
  await recordDeployment(who.accountId, { agent_id: agentId, engine_id: engine.id, remote_agent_id: REMOTE_AGENT, agent_updated_at: new Date().toISOString() });
  await seedCalls(who.accountId, { count: SEED, days: 30, seed: 3, until: new Date() });
  await closeDb();
  return { ...who, database: bench.database, hook: `/api/webhooks/bolna/${openWebhookSecret(engine)}`, restore: bench.restore };
}

const rate = (b: Burst) => (b.done / b.ms) * 1000;

/** The section's rows for one database (SQLite, or PostgreSQL when given an admin URL). */
export async function benchIngest(postgresAdminUrl?: string): Promise<BenchRow[]> {
  const w = await world(postgresAdminUrl);
  const env = { RATE_LIMIT_PER_MINUTE: String(1e9), WEBHOOK_RATE_LIMIT_PER_MINUTE: String(1e9), READ_CACHE_MB: String(DEFAULT_READ_CACHE_MB), LOG_LEVEL: "silent" };
  const useNext = process.env.BENCH_INGEST_SERVER !== "route" && hasBuild();
  const server = useNext ? await startServer(w.database, env) : await startRouteChild(env);
  const pid = useNext ? (server as { proc: { pid?: number } }).proc.pid : (server as { pid?: number }).pid;
  const json = { "content-type": "application/json" };
  let n = 0;
  let lastWithData = "";
  const reads = (b: Burst) => burst(b, pid, async (agent) => void (await httpRequest(`${server.url}/api/details?limit=100`, agent, { headers: { authorization: `Bearer ${w.token}` } })));
  const ingest = (b: Burst, extracted: boolean) => burst(b, pid, async (agent) => {
    const e = execution(n++, extracted);
    if (extracted) lastWithData = e.id;
    const answer = await httpRequest(`${server.url}${w.hook}`, agent, { method: "POST", headers: json, body: e.body });
    if (!answer.includes('"imported"')) throw new Error(`webhook did not import a new execution: ${answer.slice(0, 200)}`);
  });
  const fresh = (label: string): Burst => ({ label, done: 0, ms: 0, latencies: [], cpuMs: 0 });
  const [read, plain, withData] = [fresh("reads"), fresh("plain"), fresh("extracted")];
  try {
    // Warm-up (JIT, statement caches), not recorded.
    await reads(fresh("warm"));
    await ingest(fresh("warm"), false);
    await ingest(fresh("warm"), true);
    for (let r = 0; r < ROUNDS; r++) {
      const steps = [() => reads(read), () => ingest(plain, false), () => ingest(withData, true)];
      for (const step of r % 2 ? steps.reverse() : steps) await step();
    }
  } finally {
    await server.stop();
  }
  // The last execution with extracted_data must have become an engine outcome, or the row measures nothing.
  resetConfigForTests(); // world() left DATABASE_URL or DATABASE_PATH pointing at the bench database
  const outcome = (await outcomesFor(w.accountId, [lastWithData])).get(lastWithData);
  await w.restore();
  if (outcome?.status !== "analyzed" || outcome.source !== "engine") throw new Error(`an execution with extracted_data made no engine outcome: ${JSON.stringify(outcome)}`);
  for (const b of [read, plain, withData]) b.latencies.sort((x, y) => x - y);
  const cpu = (b: Burst) => (b.cpuMs ? `; server CPU ${(b.cpuMs / b.done).toFixed(2)} ms/req` : "");
  const row = (label: string, b: Burst, note: string): BenchRow =>
    ({ label, n: b.done, p50: percentile(b.latencies, 50), p95: percentile(b.latencies, 95), value: `${rate(b).toFixed(0)}/s`, note: note + cpu(b) });
  const server_ = useNext ? "next start" : "route handlers on node:http";
  return [
    row(`GET /api/details?limit=100 (req/s, ${CLIENTS} concurrent)`, read, `${server_}, read cache as shipped, ${SEED} calls`),
    row(`webhook ingest, new executions (req/s, ${CLIENTS} concurrent)`, plain, `ingest/read x${(rate(plain) / rate(read)).toFixed(2)} (target >= x0.5 on SQLite)`),
    row("webhook ingest with extracted_data (engine outcome)", withData,
      `p50 x${(percentile(withData.latencies, 50) / percentile(plain.latencies, 50)).toFixed(2)} of without (target <= x1.3)`),
  ];
}

export const INGEST_TITLE = `9. Webhook ingest: new executions at ${CLIENTS} concurrent vs GET /api/details on the same server (req/s in value)`;

/** The section on SQLite and, given a PostgreSQL admin URL, on PostgreSQL too; prints its table. */
export async function benchIngestSection(postgresAdminUrl?: string): Promise<void> {
  console.error(`SQLite: ${INGEST_TITLE}`);
  const columns = [{ name: "SQLite", rows: await benchIngest() }];
  if (postgresAdminUrl) {
    console.error(`PostgreSQL: ${INGEST_TITLE}`);
    columns.push({ name: "PostgreSQL", rows: await benchIngest(postgresAdminUrl) });
  }
  printSideBySide(INGEST_TITLE, columns.map((c) => ({ ...c, rows: c.rows.map((r) => ({ ...r, p50: undefined, value: `${r.value} p50 ${r.p50!.toFixed(1)} ms` })) })));
}

// `npx tsx --conditions=react-server scripts/bench-ingest.ts [postgres://admin-url]`: this section alone.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  process.env.LOG_LEVEL = "error";
  benchIngestSection(process.argv[2]).catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
