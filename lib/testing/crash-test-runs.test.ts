import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as runRoute from "@/app/api/agent/[id]/tests/run/route";
import * as runByIdRoute from "@/app/api/agent/[id]/tests/runs/[run_id]/route";
import * as testsRoute from "@/app/api/agent/[id]/tests/route";
import * as agentRoute from "@/app/api/agent/route";
import * as providersRoute from "@/app/api/ai-providers/route";
import { db } from "@/lib/core/client";
import { bolnaExampleAgent } from "./bolna-fixtures";
import { crashEnv, crashInstances, until, type CrashInstances } from "./crash-instances";
import { startFakeAiProvider, type FakeAiProvider } from "./fake-ai-provider";
import { call, newAccountWithToken, useTempDatabase } from "./harness";
import { startServer } from "./server";

// The crash matrix (docs/background-work.md, "Crash-tested"): kill -9 of a `next start` in the middle
// of an agent test run — the fake AI provider holds the answers of the conversations it plays — then a
// restart (on PostgreSQL a second instance runs throughout). The run ends once: one result per test,
// its counts exact, nothing left running, and the provider asked at most once per test plus the
// conversations the dead instance had in flight.

const TESTS = 8;
/** Tests each instance plays at once (lib/agents/tests/worker-loop.ts). */
const PER_INSTANCE = 4;
let ai: FakeAiProvider;
let database = "";
let token = "";
let agentId = "";
let apps: CrashInstances;

const post = (handler: Parameters<typeof call>[0], body: unknown, params: Record<string, string> = {}) => call(handler, "POST", "/", { token, body, params });

beforeAll(async () => {
  ai = await startFakeAiProvider();
  ai.defaultReply = { text: "Happy to help, your table is BOOKED." };
  database = await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1" });
  ({ token } = await newAccountWithToken("Crash test runs"));
  expect((await post(providersRoute.POST, { name: "Fake", base_url: ai.baseUrl, api_key: ai.apiKey, model: "fake-small" })).status).toBe(201);
  const agent = await post(agentRoute.POST, bolnaExampleAgent());
  expect(agent.status).toBe(201);
  agentId = agent.json.agent_id;
  for (let i = 0; i < TESTS; i++) {
    const res = await post(testsRoute.POST, { name: `Books ${i}`, turns: [`A table for ${i + 1}, please`], expect: [{ type: "reply_contains", text: "BOOKED" }] }, { id: agentId });
    expect(res.status).toBe(201);
  }
}, 60_000);
afterAll(async () => {
  await apps?.close();
  await ai?.close();
});

describe("kill -9 in the middle of an agent test run", () => {
  it("records one result per test, counts the run once, leaves nothing running, asks the provider within tests + in flight", async () => {
    const gate = ai.hold();
    const started = await call(runRoute.POST, "POST", "/", { token, params: { id: agentId } });
    expect(started.status).toBe(202);
    const runId = started.json.run_id as string;
    apps = await crashInstances(() => startServer(database, crashEnv({ TEST_RUNS_WORKER: "on", TEST_RUNS_TICK_MS: "50" })));
    // Every instance plays as many tests as it may, each waiting for the provider's answer.
    await until("every instance to hold its tests", () => (gate.waiting === apps.size * PER_INSTANCE ? true : undefined));
    await apps.crash();
    gate.release();
    await apps.restart();

    const getRun = async () => (await call(runByIdRoute.GET, "GET", "/", { token, params: { id: agentId, run_id: runId } })).json;
    const run = await until("the run to end", async () => {
      const r = await getRun();
      return r.status === "running" ? undefined : r;
    });
    expect(run).toMatchObject({ status: "passed", total: TESTS, done: TESTS, passed: TESTS });
    const results = run.results as { test_id: string; state: string; passed: boolean }[];
    expect(results).toHaveLength(TESTS);
    expect(new Set(results.map((r) => r.test_id)).size).toBe(TESTS);
    for (const r of results) expect(r).toMatchObject({ state: "done", passed: true });
    const open = await db().selectFrom("agent_test_results").select("test_id").where("state", "!=", "done").execute();
    expect(open).toEqual([]);
    // One completion per test (one turn, no tools, no judge); the dead instance's were asked again.
    const asked = ai.completions().length;
    expect(asked).toBeGreaterThanOrEqual(TESTS);
    expect(asked).toBeLessThanOrEqual(TESTS + PER_INSTANCE);
  }, 120_000);
});
