import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { claimTests, finishTest } from "@/lib/agents/tests/db/jobs";
import { testRunsWorker, type TestRunsWorker } from "@/lib/agents/tests/worker";
import { startAppChild } from "@/lib/testing/app-child";
import { call, newAccountWithToken, pointAt, useTempDatabase } from "@/lib/testing/harness";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { startFakeAiProvider, type FakeAiProvider } from "@/lib/testing/fake-ai-provider";
import { startLoopbackServer, type LoopbackServer } from "@/lib/testing/loopback-server";
import * as providersRoute from "../ai-providers/route";
import * as toolsRoute from "../tools/route";
import * as agentRoute from "./route";
import * as testsRoute from "./[id]/tests/route";
import * as runRoute from "./[id]/tests/run/route";
import * as runByIdRoute from "./[id]/tests/runs/[run_id]/route";
import * as versionsRoute from "./[id]/versions/route";

// Test runs played in the background through the test chat's engine, against a fake
// OpenAI-compatible provider (scripted replies, tool calls, structured answers) and a real tool on
// 127.0.0.1: expectations pass and fail with clear words, the judge gives its reason, a provider
// error is the failure, a run whose worker died is finished by another, and two workers (one in
// another process) play each test once, counted at the provider.

let ai: FakeAiProvider;
let target: LoopbackServer;
let database = "";
let a: { accountId: string; token: string };
let agentId = "";

const TOKEN = "tok_tool_secret_7Hq";
const BOOK_PARAMS = { type: "object", properties: { people: { type: "integer" }, time: { type: "string" } }, required: ["people"] };
const post = (handler: Parameters<typeof call>[0], body: unknown, params: Record<string, string> = {}) => call(handler, "POST", "/", { token: a.token, body, params });
const addTest = async (body: unknown) => {
  const res = await post(testsRoute.POST, body, { id: agentId });
  expect(res.status).toBe(201);
  return res.json.test_id as string;
};
const startRun = async () => {
  const res = await call(runRoute.POST, "POST", "/", { token: a.token, params: { id: agentId } });
  expect(res.status).toBe(202);
  return res.json.run_id as string;
};
const getRun = async (runId: string) => (await call(runByIdRoute.GET, "GET", "/", { token: a.token, params: { id: agentId, run_id: runId } })).json;
const deleteTests = async () => {
  const { deleteTest, listTests } = await import("@/lib/agents/tests/db/tests");
  for (const t of await listTests(a.accountId, agentId)) await deleteTest(a.accountId, agentId, t.test_id);
};

/** Ticks the workers until the run has ended, then waits for what they started. */
async function finish(runId: string, ...workers: TestRunsWorker[]) {
  const deadline = Date.now() + 30_000;
  while ((await getRun(runId)).status === "running") {
    if (Date.now() > deadline) throw new Error(`run ${runId} did not end within 30 s`);
    await Promise.all(workers.map((w) => w.tick()));
    await new Promise((r) => setTimeout(r, 10));
  }
  await Promise.all(workers.map((w) => w.idle()));
  return getRun(runId);
}

const BOOKING = {
  name: "Books a table",
  variables: { guest: "Ann" },
  turns: ["A table for two at seven, please"],
  expect: [
    { type: "tool_called", tool: "book_table", args: { people: 2 } },
    { type: "reply_contains", text: "BOOKED" },
    { type: "reply_matches", pattern: "table for \\d" },
    { type: "judge", criteria: "The agent confirms a booking" },
  ],
};

beforeAll(async () => {
  ai = await startFakeAiProvider();
  target = await startLoopbackServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ booked: true, table: 12 }));
  });
  database = await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1" });
  a = await newAccountWithToken("Test runs");
  const tool = await post(toolsRoute.POST, {
    tools: [{ type: "function", function: { name: "book_table", description: "Books a table", parameters: BOOK_PARAMS } }],
    tools_params: { book_table: { method: "POST", url: `${target.origin}/book`, api_token: TOKEN } },
  });
  expect(tool.status).toBe(201);
  const agent = bolnaExampleAgent();
  agent.agent_prompts.task_1.system_prompt = "You take bookings for {guest}.";
  (agent.agent_config.tasks[0].tools_config as Record<string, unknown>).api_tools = { api_tool_ids: [tool.json.data.id] };
  const created = await post(agentRoute.POST, agent);
  expect(created.status).toBe(201);
  agentId = created.json.agent_id;
  expect((await post(providersRoute.POST, { name: "Fake", base_url: ai.baseUrl, api_key: ai.apiKey, model: "fake-small" })).status).toBe(201);
}, 60_000);
afterAll(async () => {
  await Promise.all([ai?.close(), target?.close()]);
});
// Each case runs its own tests (a run plays every test of the agent).
afterEach(() => deleteTests());

describe("agent test runs", () => {
  it("a conversation that does what is expected passes: the tool is called for real, the judge agrees", async () => {
    const testId = await addTest(BOOKING);
    ai.script(
      { toolCalls: [{ name: "book_table", arguments: { people: 2, time: "19:00" } }] },
      { text: "Your table for 2 is booked, Ann." },
      { json: { passed: true, reason: "The agent booked the table and said so." } },
    );
    const before = target.requests.length;
    const run = await finish(await startRun(), testRunsWorker({ concurrency: 1 }));
    expect(run).toMatchObject({ version: 1, status: "passed", total: 1, done: 1, passed: 1, finished_at: expect.any(String) });
    const [result] = run.results;
    expect(result).toMatchObject({ test_id: testId, name: "Books a table", state: "done", passed: true, errored: false, failures: [] });
    expect(target.requests.length - before).toBe(1);
    expect(JSON.parse(target.requests.at(-1)!.body)).toMatchObject({ people: 2, time: "19:00" });
    // The agent's welcome opens the conversation, then the turn: the caller, the tool call, the reply.
    expect(result.transcript.map((t: { role: string }) => t.role)).toEqual(["assistant", "user", "tool", "assistant"]);
    expect(result.transcript[0]).toEqual({ role: "assistant", content: "How are you doing Bruce?" });
    expect(result.transcript.find((t: { role: string }) => t.role === "user").content).toBe("A table for two at seven, please");
    const tool = result.transcript.find((t: { role: string }) => t.role === "tool");
    expect(tool.tool).toMatchObject({ name: "book_table", args: { people: 2, time: "19:00" }, ok: true, http_status: 200, response: { booked: true, table: 12 } });
    expect(result.transcript.at(-1).content).toBe("Your table for 2 is booked, Ann.");
    expect(JSON.stringify(run)).not.toContain(TOKEN);
    // The prompt's {guest} was filled from the test's variables; the judge saw the conversation.
    const bodies = ai.completions().slice(-3);
    expect(JSON.stringify(bodies[0])).toContain("You take bookings for Ann.");
    expect(JSON.stringify(bodies[2])).toContain("The agent confirms a booking");
    expect(JSON.stringify(bodies[2])).toContain("Your table for 2 is booked, Ann.");
  });

  it("a conversation that does not fails, one clear line per unmet expectation, the judge's reason included", async () => {
    await addTest(BOOKING);
    await addTest({ ...BOOKING, name: "Wrong party size", expect: [BOOKING.expect[0]] });
    ai.script(
      { text: "Sorry, we are full tonight." },
      { json: { passed: false, reason: "No booking was made." } },
      { toolCalls: [{ name: "book_table", arguments: { people: 3 } }] },
      { text: "Done." },
    );
    const run = await finish(await startRun(), testRunsWorker({ concurrency: 1 }));
    expect(run).toMatchObject({ status: "failed", total: 2, done: 2, passed: 0 });
    expect(run.results[0]).toMatchObject({ passed: false, errored: false });
    expect(run.results[0].failures).toEqual([
      "expect[0] tool_called: book_table was not called (no tool was called)",
      'expect[1] reply_contains: no reply contains "BOOKED"',
      "expect[2] reply_matches: no reply matches /table for \\d/",
      "expect[3] judge: not met: No booking was made.",
    ]);
    expect(run.results[1].failures).toEqual(['expect[0] tool_called: book_table was called, but never with {"people":2} (got {"people":3})']);
  });

  it("a provider error fails the test with its message; a run where every test errored is an error", async () => {
    await addTest({ ...BOOKING, expect: [{ type: "reply_contains", text: "hi" }] });
    ai.script({ status: 500, message: "upstream exploded" });
    const run = await finish(await startRun(), testRunsWorker({ concurrency: 1 }));
    expect(run).toMatchObject({ status: "error", total: 1, done: 1, passed: 0 });
    expect(run.results[0]).toMatchObject({ passed: false, errored: true });
    expect(run.results[0].failures).toHaveLength(1);
    expect(run.results[0].failures[0]).toMatch(/500|server|provider/i);
  });

  it("a run whose worker died (lease lapsed) is finished by a new worker after a restart, and the dead claims write nothing", async () => {
    await addTest({ ...BOOKING, expect: [{ type: "reply_contains", text: "welcome" }] });
    const runId = await startRun();
    const [dead] = await claimTests("dead-worker", 10, new Date(), 50); // claimed, then its process "died"
    expect(dead.run_id).toBe(runId);
    expect((await getRun(runId)).results[0].state).toBe("running");
    await new Promise((r) => setTimeout(r, 80));
    // Taken over once its lease lapsed; the dead worker's late answer is then refused.
    const [second] = await claimTests("second-worker", 10, new Date(), 50);
    expect(second).toMatchObject({ run_id: runId, attempts: 2 });
    expect(await finishTest(dead, "dead-worker", { passed: false, errored: true, failures: ["late"], transcript: [] })).toBe(false);
    await new Promise((r) => setTimeout(r, 80)); // and that one "died" too
    await pointAt(database); // the app restarts: the database is closed and opened again
    ai.script({ text: "You are welcome." });
    const run = await finish(runId, testRunsWorker({ concurrency: 1 }));
    expect(run).toMatchObject({ status: "passed", done: 1, passed: 1 });
    expect(run.results[0].failures).toEqual([]);
    expect(await finishTest(second, "second-worker", { passed: false, errored: true, failures: ["late"], transcript: [] })).toBe(false);
  });

  it("the versions list shows each version's last finished run: passed x of y", async () => {
    const res = await call(versionsRoute.GET, "GET", "/", { token: a.token, params: { id: agentId } });
    const [latest] = res.json.versions;
    expect(latest.version).toBe(1);
    expect(latest.tests).toEqual({ run_id: expect.any(String), status: "passed", passed: 1, total: 1, finished_at: expect.any(String) });
  });

  it("two workers here and one in another process play each test of a run once, counted at the provider", async () => {
    for (let i = 0; i < 10; i++) await addTest({ name: `Echo ${i}`, turns: [`hello ${i}`], expect: [{ type: "reply_contains", text: "ok" }] });
    const child = await startAppChild("test-runs-worker-process.ts", database);
    ai.defaultReply = { text: "ok", delayMs: 60 }; // slow enough that the workers hold tests at once
    const before = ai.completions().length;
    const run = await finish(await startRun(), testRunsWorker({ concurrency: 2 }), testRunsWorker({ concurrency: 2 }));
    await child.stop();
    expect(run).toMatchObject({ status: "passed", total: 10, done: 10, passed: 10 });
    expect(ai.completions().length - before).toBe(10);
    const asked = ai.completions().slice(before).map((c) => JSON.stringify(c).match(/hello \d/)![0]).sort();
    expect(asked).toEqual(Array.from({ length: 10 }, (_, i) => `hello ${i}`));
  }, 60_000);
});
