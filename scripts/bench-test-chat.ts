import { spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import readline from "node:readline";
import * as providersRoute from "@/app/api/ai-providers/route";
import * as agentRoute from "@/app/api/agent/route";
import { closeDb, migrateDatabase } from "@/lib/core/client";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { startFakeAiProvider } from "@/lib/testing/fake-ai-provider";
import { call, newAccountWithToken } from "@/lib/testing/harness";
import { hasBuild, startServer } from "@/lib/testing/server";
import { freshBenchDatabase } from "./support/bench-database";
import { percentile, printSideBySide, type BenchRow } from "./support/bench-kit";

// The test chat's time to first token: from sending the request to the first piece of
// reply text, straight from the fake OpenAI-compatible provider (a streaming chat completion, its
// first token held back BENCH_CHAT_FIRST_TOKEN_MS, default 150 ms, as a real model thinks) and
// through POST /api/agent/{id}/test-chat on a running server talking to that provider. Measured
// alternately, BENCH_CHAT_TURNS (100) of each. Target: ours ≤ the provider's + 50 ms (p50 and p99).
// The server is `next start` when the production build in .next has the route, else the route
// handler behind node:http in a child process (scripts/support/bench-chat-server.ts). Alone:
// `BENCH_ONLY=test-chat npm run bench`.

const TURNS = Number(process.env.BENCH_CHAT_TURNS ?? 100);
const FIRST_TOKEN_MS = Number(process.env.BENCH_CHAT_FIRST_TOKEN_MS ?? 150);
const TARGET_MS = 50;
const REPLY = "Of course. A table for two at seven tonight: may I have a name for the booking?";

async function startChatChild(env: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
  const script = path.join(process.cwd(), "scripts", "support", "bench-chat-server.ts");
  const proc = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", script], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  const line = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: proc.stdout! }).once("line", resolve);
    proc.once("exit", (code) => reject(new Error(`chat server exited (${code})`)));
  });
  const stop = () => new Promise<void>((resolve) => (proc.exitCode !== null ? resolve() : (proc.once("exit", () => resolve()), proc.kill("SIGTERM"))));
  return { url: `http://127.0.0.1:${JSON.parse(line).port}`, stop };
}

/** ms from sending the POST to the first body bytes that hold `marker` (the first text piece); the rest is read and dropped. */
function firstToken(agent: http.Agent, url: string, headers: Record<string, string>, body: string, marker: RegExp): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let seen = "";
    let at: number | undefined;
    const req = http.request(url, { method: "POST", agent, headers: { "content-type": "application/json", ...headers } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}`));
      res.setEncoding("utf8");
      res.on("data", (d: string) => {
        if (at !== undefined) return;
        seen += d;
        if (marker.test(seen)) at = performance.now() - started;
      });
      res.on("end", () => (at === undefined ? reject(new Error(`${url}: no text in ${seen.slice(0, 300)}`)) : resolve(at)));
    });
    req.on("error", reject);
    req.end(body);
  });
}

// p50 and p99 in the value cell: the side-by-side table's latency columns are p50 / p95.
const row = (label: string, sorted: number[]): BenchRow => ({ label, n: sorted.length, value: `p50 ${percentile(sorted, 50).toFixed(1)} / p99 ${percentile(sorted, 99).toFixed(1)} ms` });

export async function benchTestChat(postgresAdminUrl?: string): Promise<BenchRow[]> {
  const ai = await startFakeAiProvider();
  ai.defaultReply = { text: REPLY, firstTokenMs: FIRST_TOKEN_MS };
  const bench = await freshBenchDatabase("chat", postgresAdminUrl);
  await migrateDatabase();
  const who = await newAccountWithToken("Bench chat");
  const post = (h: Parameters<typeof call>[0], body: unknown) => call(h, "POST", "/", { token: who.token, body });
  const agent = bolnaExampleAgent();
  agent.agent_prompts.task_1.system_prompt = "You take table bookings for {place}.";
  const agentId = (await post(agentRoute.POST, agent)).json.agent_id as string;
  if ((await post(providersRoute.POST, { name: "Fake", base_url: ai.baseUrl, api_key: ai.apiKey, model: "fake-small" })).status !== 201) throw new Error("provider not created");
  await closeDb();
  const env = { TOOL_TARGET_ALLOWLIST: "127.0.0.1", TOOL_TEST_RATE_LIMIT_PER_MINUTE: String(1e9), RATE_LIMIT_PER_MINUTE: String(1e9), LOG_LEVEL: "silent" };
  const built = hasBuild(path.join("server", "app", "api", "agent", "[id]", "test-chat"));
  const useNext = process.env.BENCH_CHAT_SERVER !== "route" && built;
  const server = useNext ? await startServer(bench.database, env) : await startChatChild(env);
  const agentHttp = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const messages = [{ role: "user", content: "A table for two tonight, please" }];
  const direct = () => firstToken(agentHttp, `${ai.baseUrl}/chat/completions`, { authorization: `Bearer ${ai.apiKey}` },
    JSON.stringify({ model: "fake-small", stream: true, messages: [{ role: "system", content: "You take table bookings for the Ritz." }, ...messages] }), /"content":"[^"]/);
  const ours = () => firstToken(agentHttp, `${server.url}/api/agent/${agentId}/test-chat`, { authorization: `Bearer ${who.token}` },
    JSON.stringify({ variables: { place: "the Ritz" }, messages }), /"type":"text"/);
  const a: number[] = [];
  const b: number[] = [];
  try {
    for (let i = 0; i < 5; i++) await direct().then(ours); // warm-up: JIT, connections, statement caches
    for (let i = 0; i < TURNS; i++) {
      // Alternating which goes first, so drift in the machine's load hits both alike.
      const [first, second] = i % 2 ? [ours, direct] : [direct, ours];
      const x = await first();
      const y = await second();
      (i % 2 ? b : a).push(x);
      (i % 2 ? a : b).push(y);
    }
  } finally {
    agentHttp.destroy();
    await server.stop();
    await ai.close();
    await bench.restore();
  }
  a.sort((x, y) => x - y);
  b.sort((x, y) => x - y);
  const d50 = percentile(b, 50) - percentile(a, 50);
  const d99 = percentile(b, 99) - percentile(a, 99);
  const ok = d50 <= TARGET_MS && d99 <= TARGET_MS;
  return [
    row("fake provider directly (streaming completion)", a),
    row(`POST /api/agent/{id}/test-chat (${useNext ? "next start" : "route handler on node:http"})`, b),
    { label: "difference (ours − provider's)", value: `p50 +${d50.toFixed(1)} ms, p99 +${d99.toFixed(1)} ms`, note: `target ≤ +${TARGET_MS} ms: ${ok ? "met" : "NOT MET"}` },
  ];
}

export async function benchTestChatSection(postgresAdminUrl?: string) {
  const title = `11. Test chat: time to first token, fake provider's first token after ${FIRST_TOKEN_MS} ms, ${TURNS} turns each, on 127.0.0.1`;
  const columns = [{ name: "SQLite", rows: await benchTestChat() }];
  if (postgresAdminUrl) columns.push({ name: "PostgreSQL", rows: await benchTestChat(postgresAdminUrl) });
  printSideBySide(title, columns);
}
