import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as deployRoute from "@/app/api/agent/[id]/deploy/route";
import * as agentRoute from "@/app/api/agent/route";
import * as providersRoute from "@/app/api/ai-providers/route";
import * as enginesRoute from "@/app/api/engines/route";
import { db } from "@/lib/core/client";
import { resetConfigForTests } from "@/lib/core/config";
import { ANALYSIS_PLAN_EXAMPLE } from "@/lib/outcomes/openapi";
import { ANSWER, TRANSCRIPT } from "./analysis-fixture";
import { bolnaExampleAgent } from "./bolna-fixtures";
import { startFakeAiProvider, type FakeAiProvider } from "./fake-ai-provider";
import { startFakeBolna, type FakeBolna } from "./fake-bolna";
import { call, newAccountWithToken, useTempDatabase } from "./harness";
import { startServer, type RunningServer } from "./server";

// The analysis worker inside `next start`. Two production servers tick on one database
// (PostgreSQL under `npm run test:pg`, one SQLite file under `npm test`), each with
// ANALYSIS_CONCURRENCY=2 and slow answers, so both hold analyses at once: every completed call is
// analysed exactly once, counted at the fake provider.

let bolna: FakeBolna;
let ai: FakeAiProvider;
let servers: RunningServer[] = [];
let token = "";
let remoteId = "";
const env = { ANALYSIS_TICK_MS: "50", ANALYSIS_CONCURRENCY: "2", CAMPAIGN_DISPATCHER: "off", TOOL_TARGET_ALLOWLIST: "127.0.0.1" };

const post = (handler: Parameters<typeof call>[0], body: unknown, params?: Record<string, string>) => call(handler, "POST", "/", { token, body, params });

beforeAll(async () => {
  bolna = await startFakeBolna();
  ai = await startFakeAiProvider();
  ai.defaultReply = { json: ANSWER, delayMs: 150 }; // slow enough that both instances hold analyses at once
  const database = await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1" });
  servers = await Promise.all([startServer(database, env), startServer(database, env)]);
  process.env.PUBLIC_URL = servers[1].url; // the engine posts its webhooks to the second instance
  resetConfigForTests();
  ({ token } = await newAccountWithToken("Analysis instances"));
  const engineId = (await post(enginesRoute.POST, { name: "Bolna", base_url: bolna.origin, api_key: bolna.apiKey })).json.engine_id;
  const agentId = (await post(agentRoute.POST, { ...bolnaExampleAgent(), analysis_plan: ANALYSIS_PLAN_EXAMPLE })).json.agent_id;
  remoteId = (await post(deployRoute.POST, { engine_id: engineId }, { id: agentId })).json.remote_agent_id;
  expect((await post(providersRoute.POST, { name: "Fake", base_url: ai.baseUrl, api_key: ai.apiKey, model: "fake-small" })).status).toBe(201);
}, 120_000);
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await Promise.all([bolna?.close(), ai?.close()]);
});

async function analysed(server: RunningServer): Promise<number> {
  const res = await fetch(`${server.url}/api/details?outcome_status=analyzed&limit=1000`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { calls: unknown[] }).calls.length;
}

describe("the analysis worker in several app instances", () => {
  it("analyses each completed call exactly once", async () => {
    const n = 16;
    for (let i = 0; i < n; i++) {
      const e = bolna.addExecution({ agent_id: remoteId });
      expect(await bolna.advance(e.id, "completed", { transcript: TRANSCRIPT })).toBe(200);
    }
    const deadline = Date.now() + 60_000;
    while ((await analysed(servers[0])) < n) {
      if (Date.now() > deadline) throw new Error("not every call was analysed within 60 s");
      await new Promise((r) => setTimeout(r, 200));
    }
    // A job row goes only when the instance holding its latest claim finishes it, after that
    // claim's provider request: once none is left, every request a double claim made has arrived.
    await expect.poll(async () => (await db().selectFrom("analysis_jobs").select("call_sid").execute()).length, { timeout: 30_000 }).toBe(0);
    expect(ai.completions().length).toBe(n);
    expect(await analysed(servers[1])).toBe(n);
  });
});
