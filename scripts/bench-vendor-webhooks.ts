import crypto from "node:crypto";
import { sign } from "retell-sdk";
import { DEFAULT_READ_CACHE_MB, resetConfigForTests } from "@/lib/core/config";
import { closeDb, migrateDatabase } from "@/lib/core/client";
import { createEngine, openEngineSecrets, openWebhookSecret } from "@/lib/engines/db";
import { adapterFor } from "@/lib/engines/registry";
import { newAccountWithToken } from "@/lib/testing/harness";
import { hasBuild, startServer } from "@/lib/testing/server";
import { burst, startRouteChild, type Burst } from "./bench-ingest";
import { freshBenchDatabase } from "./support/bench-database";
import { percentile, type BenchRow } from "./support/bench-kit";
import { httpRequest } from "./support/http-load";
import { seedCalls } from "./support/seed-calls";

// Vapi's end-of-call reports (Bearer credential) and Retell's call_ended events (signed with the
// account's key) by 8 concurrent keep-alive clients, each a new call of one assistant or agent with
// its transcript, cost and analysis, against GET /api/details?limit=100 on the same server. Target:
// each ≥ half the read rate, as for Bolna's webhooks. Part of section 13 (scripts/bench-vendors.ts).

const ROUNDS = Number(process.env.BENCH_INGEST_ROUNDS ?? 4);
const SEED = Number(process.env.BENCH_INGEST_SEED ?? 20_000);
const RETELL_KEY = "key_bench_retell_0123456789abcdef";

async function world(postgresAdminUrl?: string) {
  const bench = await freshBenchDatabase("vendor_hooks", postgresAdminUrl);
  await migrateDatabase();
  const who = await newAccountWithToken("Bench vendor webhooks");
  const make = async (body: Parameters<NonNullable<ReturnType<typeof adapterFor>["prepare"]>>[0]) =>
    createEngine(who.accountId, adapterFor(body.provider).prepare!(body, "http://127.0.0.1"));
  const vapi = await make({ name: "Vapi", provider: "vapi", api_key: "vapi-bench-private-key", base_url: "http://127.0.0.1:9" });
  const retell = await make({ name: "Retell", provider: "retell", api_key: RETELL_KEY, base_url: "http://127.0.0.1:9" });
  await seedCalls(who.accountId, { count: SEED, days: 30, seed: 7, until: new Date() });
  const hook = (e: typeof vapi) => `/api/webhooks/${e.provider}/${openWebhookSecret(e)}`;
  const vapiSecret = openEngineSecrets<{ webhook_secret: string }>(vapi)!.webhook_secret;
  await closeDb();
  return { ...who, database: bench.database, restore: bench.restore, vapiHook: hook(vapi), retellHook: hook(retell), vapiSecret };
}

const rate = (b: Burst) => (b.done / b.ms) * 1000;
const turns = [
  { role: "bot", message: "Hi, this is Ava from Acme Dental. How can I help?", secondsFromStart: 1.1 },
  { role: "user", message: "I'd like to move my cleaning to Friday.", secondsFromStart: 4.2 },
  { role: "bot", message: "Friday at 2 PM works. You're booked.", secondsFromStart: 7.9 },
];

function vapiReport(id: string) {
  const at = Date.now();
  return JSON.stringify({ message: {
    type: "end-of-call-report", endedReason: "customer-ended-call", timestamp: at, cost: 0.19,
    costBreakdown: { transport: 0.01, stt: 0.02, llm: 0.05, tts: 0.03, vapi: 0.08, total: 0.19 },
    startedAt: new Date(at - 62_000).toISOString(), endedAt: new Date(at).toISOString(),
    artifact: { messages: turns, recordingUrl: `https://storage.vapi.ai/${id}.wav`, performanceMetrics: { turnLatencies: [{ turnLatency: 910 }, { turnLatency: 1040 }] } },
    analysis: { summary: "Moved the cleaning to Friday.", successEvaluation: "true", structuredData: { rescheduled: true } },
    call: { id, type: "outboundPhoneCall", status: "ended", assistantId: "asst-bench", customer: { number: "+14155550123" }, createdAt: new Date(at - 65_000).toISOString(), updatedAt: new Date(at).toISOString() },
    assistant: { id: "asst-bench", name: "Bench desk" }, phoneNumber: { number: "+14155550100" },
  } });
}

function retellEvent(id: string) {
  const at = Date.now();
  return JSON.stringify({ event: "call_ended", call: {
    call_id: id, agent_id: "agent_bench", agent_name: "Bench renewals", call_type: "phone_call", direction: "outbound",
    from_number: "+14155550111", to_number: "+14155550177", call_status: "ended", disconnection_reason: "agent_hangup",
    start_timestamp: at - 62_000, end_timestamp: at, duration_ms: 62_000,
    transcript_object: [{ role: "agent", content: "Hello, calling about your renewal.", words: [{ word: "Hello", start: 0.4, end: 0.8 }] }, { role: "user", content: "Yes, renew it.", words: [{ word: "Yes", start: 3.1, end: 3.3 }] }],
    recording_url: `https://retell.example/${id}.wav`, call_cost: { combined_cost: 12.5, product_costs: [{ product: "retell_platform", cost: 12.5 }] },
    latency: { e2e: { p50: 800, p90: 1100, values: [700, 900] } },
  } });
}

export async function benchVendorWebhooks(postgresAdminUrl?: string): Promise<BenchRow[]> {
  const w = await world(postgresAdminUrl);
  const env = { RATE_LIMIT_PER_MINUTE: String(1e9), WEBHOOK_RATE_LIMIT_PER_MINUTE: String(1e9), READ_CACHE_MB: String(DEFAULT_READ_CACHE_MB), LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "silent" };
  const useNext = process.env.BENCH_INGEST_SERVER !== "route" && hasBuild();
  const server = useNext ? await startServer(w.database, env) : await startRouteChild(env);
  const pid = useNext ? (server as { proc: { pid?: number } }).proc.pid : (server as { pid?: number }).pid;
  const taken = (answer: string) => {
    if (!/"(imported|updated)"/.test(answer)) throw new Error(`report not taken: ${answer.slice(0, 200)}`);
  };
  const reads = (b: Burst) => burst(b, pid, async (agent) => void (await httpRequest(`${server.url}/api/details?limit=100`, agent, { headers: { authorization: `Bearer ${w.token}` } })));
  const vapis = (b: Burst) => burst(b, pid, async (agent) => taken(await httpRequest(`${server.url}${w.vapiHook}`, agent, {
    method: "POST", body: vapiReport(crypto.randomUUID()), headers: { "content-type": "application/json", authorization: `Bearer ${w.vapiSecret}` },
  })));
  const retells = (b: Burst) => burst(b, pid, async (agent) => {
    const body = retellEvent(`call_${crypto.randomBytes(14).toString("hex")}`);
    taken(await httpRequest(`${server.url}${w.retellHook}`, agent, { method: "POST", body, headers: { "content-type": "application/json", "x-retell-signature": await sign(body, RETELL_KEY) } }));
  });
  const fresh = (label: string): Burst => ({ label, done: 0, ms: 0, latencies: [], cpuMs: 0 });
  const [read, vapi, retell] = [fresh("reads"), fresh("vapi"), fresh("retell")];
  try {
    for (const warm of [reads, vapis, retells]) await warm(fresh("warm"));
    for (let r = 0; r < ROUNDS; r++) {
      const steps = [() => reads(read), () => vapis(vapi), () => retells(retell)];
      for (const step of r % 2 ? steps.reverse() : steps) await step();
    }
  } finally {
    await server.stop();
    resetConfigForTests();
    await w.restore();
  }
  for (const b of [read, vapi, retell]) b.latencies.sort((x, y) => x - y);
  const row = (label: string, b: Burst, note: string): BenchRow =>
    ({ label, n: b.done, value: `${rate(b).toFixed(0)}/s p50 ${percentile(b.latencies, 50).toFixed(1)} ms`, note });
  return [
    row("GET /api/details?limit=100 (req/s, 8 concurrent)", read, `${useNext ? "next start" : "route handlers on node:http"}, ${SEED} calls`),
    row("Vapi end-of-call reports, Bearer credential", vapi, `report/read x${(rate(vapi) / rate(read)).toFixed(2)} (target >= x0.5)`),
    row("Retell call_ended events, signed", retell, `event/read x${(rate(retell) / rate(read)).toFixed(2)} (target >= x0.5)`),
  ];
}
