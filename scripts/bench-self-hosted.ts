import crypto from "node:crypto";
import { Webhook } from "standardwebhooks";
import * as agentRoute from "@/app/api/agent/route";
import { DEFAULT_READ_CACHE_MB, resetConfigForTests } from "@/lib/core/config";
import { closeDb, migrateDatabase } from "@/lib/core/client";
import { createEngine, openWebhookSecret, recordDeployment } from "@/lib/engines/db";
import { adapterFor } from "@/lib/engines/registry";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { call, newAccountWithToken } from "@/lib/testing/harness";
import { hasBuild, startServer } from "@/lib/testing/server";
import { twilioSignature } from "@/lib/testing/twilio-signature";
import { burst, startRouteChild, type Burst } from "./bench-ingest";
import { freshBenchDatabase } from "./support/bench-database";
import { percentile, printSideBySide, type BenchRow } from "./support/bench-kit";
import { httpRequest } from "./support/http-load";
import { seedCalls } from "./support/seed-calls";

// A self-hosted Bolna engine's ingest: Twilio's signed status callbacks (each a call's last one,
// with its duration) and signed pushes of each such call's conversation after it (the order they
// come in: the push joins the call Twilio completed), by 8 concurrent keep-alive
// clients, against GET /api/details?limit=100 on the same server. Both are partial reports merged
// into the call inside its lock (lib/calls/merge.ts). Target: each ≥ half the read rate, on SQLite
// and PostgreSQL. Run alone: `BENCH_ONLY=self-hosted npm run bench` (or bench:pg).

const ROUNDS = Number(process.env.BENCH_INGEST_ROUNDS ?? 4);
const SEED = Number(process.env.BENCH_INGEST_SEED ?? 20_000);
const REMOTE_AGENT = "bench-self-hosted-agent";
const TOKEN = "bench-twilio-auth-token-0123456789";
const SID = "AC" + "be".repeat(16);

async function world(postgresAdminUrl?: string) {
  const bench = await freshBenchDatabase("self_hosted", postgresAdminUrl);
  await migrateDatabase();
  const who = await newAccountWithToken("Bench self-hosted");
  const body = { name: "Own Bolna", provider: "bolna-self-hosted" as const, base_url: "http://127.0.0.1:9",
    telephony: { provider: "twilio" as const, account_sid: SID, auth_token: TOKEN, from_number: "+14155550100", api_base_url: "http://127.0.0.1:9" } };
  const engine = await createEngine(who.accountId, adapterFor(body.provider).prepare!(body, "http://127.0.0.1"));
  const agentId = (await call(agentRoute.POST, "POST", "/api/agent", { token: who.token, body: bolnaExampleAgent() })).json.agent_id as string;
  await recordDeployment(who.accountId, { agent_id: agentId, engine_id: engine.id, remote_agent_id: REMOTE_AGENT, agent_updated_at: new Date().toISOString() });
  await seedCalls(who.accountId, { count: SEED, days: 30, seed: 5, until: new Date() });
  const pushSecret = (adapterFor(engine.provider).view!(engine, { origin: "", admin: true, reveal: true }).push_secret) as string;
  await closeDb();
  return { ...who, database: bench.database, restore: bench.restore, hook: `/api/webhooks/${engine.provider}/${openWebhookSecret(engine)}`, push: `/api/ingest/${engine.id}`, pushSecret };
}

const rate = (b: Burst) => (b.done / b.ms) * 1000;
const newSid = () => `CA${crypto.randomUUID().replace(/-/g, "")}`;

export async function benchSelfHosted(postgresAdminUrl?: string): Promise<BenchRow[]> {
  const w = await world(postgresAdminUrl);
  const env = { RATE_LIMIT_PER_MINUTE: String(1e9), WEBHOOK_RATE_LIMIT_PER_MINUTE: String(1e9), READ_CACHE_MB: String(DEFAULT_READ_CACHE_MB), LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "silent", CARRIER_PRICES: "off" };
  const useNext = process.env.BENCH_INGEST_SERVER !== "route" && hasBuild();
  const server = useNext ? await startServer(w.database, env) : await startRouteChild(env);
  const pid = useNext ? (server as { proc: { pid?: number } }).proc.pid : (server as { pid?: number }).pid;
  let n = 0;
  const completed: string[] = []; // calls the callbacks completed, for the pushes to join
  const reads = (b: Burst) => burst(b, pid, async (agent) => void (await httpRequest(`${server.url}/api/details?limit=100`, agent, { headers: { authorization: `Bearer ${w.token}` } })));
  const callbacks = (b: Burst) => burst(b, pid, async (agent) => {
    const sid = newSid();
    const params = { CallSid: sid, AccountSid: SID, From: "+14155550100", To: "+14155551234",
      CallStatus: "completed", Direction: "outbound-api", CallDuration: "61", Timestamp: new Date().toUTCString(), SequenceNumber: "3" };
    const form = new URLSearchParams(params);
    const signature = twilioSignature(TOKEN, `${server.url}${w.hook}`, params);
    const answer = await httpRequest(`${server.url}${w.hook}`, agent, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature }, body: form.toString() });
    if (answer !== "") throw new Error(`callback not taken: ${answer.slice(0, 200)}`);
    completed.push(sid);
  });
  const pushes = (b: Burst) => burst(b, pid, async (agent) => {
    const id = `push-${++n}`;
    const body = JSON.stringify({ call_sid: completed.shift() ?? newSid(), agent_id: REMOTE_AGENT, task: "conversation", duration_s: 42,
      transcript: [{ role: "assistant", text: "Hi, this is Ava from Acme. How can I help?" }, { role: "user", text: "Two seats on the pro plan, please." }],
      usage: { stt_seconds: 40, tts_characters: 600 }, latency: { turns: [700, 650] } });
    const at = new Date();
    const answer = await httpRequest(`${server.url}${w.push}`, agent, { method: "POST", body, headers: {
      "content-type": "application/json", "webhook-id": id, "webhook-timestamp": String(Math.floor(at.getTime() / 1000)), "webhook-signature": new Webhook(w.pushSecret).sign(id, at, body),
    } });
    if (!/"(imported|updated)"/.test(answer)) throw new Error(`push changed nothing: ${answer.slice(0, 200)}`);
  });
  const fresh = (label: string): Burst => ({ label, done: 0, ms: 0, latencies: [], cpuMs: 0 });
  const [read, twilio, push] = [fresh("reads"), fresh("callbacks"), fresh("pushes")];
  try {
    await reads(fresh("warm"));
    await callbacks(fresh("warm"));
    await pushes(fresh("warm"));
    for (let r = 0; r < ROUNDS; r++) {
      const steps = [() => reads(read), () => callbacks(twilio), () => pushes(push)];
      for (const step of r % 2 ? steps.reverse() : steps) await step();
    }
  } finally {
    await server.stop();
    resetConfigForTests();
    await w.restore();
  }
  for (const b of [read, twilio, push]) b.latencies.sort((x, y) => x - y);
  const row = (label: string, b: Burst, note: string): BenchRow =>
    ({ label, n: b.done, p50: percentile(b.latencies, 50), p95: percentile(b.latencies, 95), value: `${rate(b).toFixed(0)}/s`, note });
  return [
    row("GET /api/details?limit=100 (req/s, 8 concurrent)", read, `${useNext ? "next start" : "route handlers on node:http"}, ${SEED} calls`),
    row("Twilio status callbacks, signed (req/s)", twilio, `callback/read x${(rate(twilio) / rate(read)).toFixed(2)} (target >= x0.5)`),
    row("pushes of the conversation, signed (req/s)", push, `push/read x${(rate(push) / rate(read)).toFixed(2)} (target >= x0.5)`),
  ];
}

export const SELF_HOSTED_TITLE = "12. Self-hosted Bolna ingest: signed Twilio callbacks and pushes at 8 concurrent vs GET /api/details on the same server";

export async function benchSelfHostedSection(postgresAdminUrl?: string): Promise<void> {
  console.error(`SQLite: ${SELF_HOSTED_TITLE}`);
  const columns = [{ name: "SQLite", rows: await benchSelfHosted() }];
  if (postgresAdminUrl) {
    console.error(`PostgreSQL: ${SELF_HOSTED_TITLE}`);
    columns.push({ name: "PostgreSQL", rows: await benchSelfHosted(postgresAdminUrl) });
  }
  printSideBySide(SELF_HOSTED_TITLE, columns.map((c) => ({ ...c, rows: c.rows.map((r) => ({ ...r, p50: undefined, value: `${r.value} p50 ${r.p50!.toFixed(1)} ms` })) })));
}
