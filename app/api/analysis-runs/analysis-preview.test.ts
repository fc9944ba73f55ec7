import { afterAll, beforeAll, expect, it } from "vitest";
import { analysisWorld, drain, jobsLeft, testWorker, type AnalysisWorld } from "@/lib/testing/analysis-fixture";
import { newAccountWithToken } from "@/lib/testing/harness";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";

// "Analyze these calls" confirms with the exact number a run would analyse, read from
// GET /api/analysis-runs/preview (the run's own selection, nothing started), over real HTTP.

let w: AnalysisWorld;

beforeAll(async () => {
  w = await analysisWorld("Preview");
  for (const at of ["2025-05-01T10:00:00Z", "2025-05-02T10:00:00Z", "2025-05-03T10:00:00Z"]) await w.call({ createdAt: at });
  await w.call({ createdAt: "2025-06-01T10:00:00Z" });
  // Matched by May's filters but not analysable: in progress, no transcript, an agent without a plan.
  await w.call({ createdAt: "2025-05-04T10:00:00Z", status: "in-progress" });
  await w.call({ createdAt: "2025-05-05T10:00:00Z", transcript: "" });
  const plain = (await w.api("POST", "/api/agent", bolnaExampleAgent())).json.agent_id;
  const plainRemote = (await w.api("POST", `/api/agent/${plain}/deploy`, { engine_id: w.engineId })).json.remote_agent_id;
  await w.call({ createdAt: "2025-05-06T10:00:00Z", agent: plainRemote });
  await drain(testWorker());
});
afterAll(async () => w?.close());

const runsCount = async () => (await w.api("GET", "/api/analysis-runs?limit=100")).json.runs.length;
const preview = (filters: Record<string, string>, token?: string) => w.api("GET", `/api/analysis-runs/preview?${new URLSearchParams(filters)}`, undefined, token);

it("answers the total the run then has, and starts nothing", async () => {
  const may = { from: "2025-05-01", to: "2025-05-31" };
  const before = await runsCount();
  const counted = await preview(may);
  // It names the provider the run would use: the account's default.
  const provider = (await w.api("GET", "/api/ai-providers")).json.providers.find((p: { is_default: boolean }) => p.is_default);
  expect(counted).toEqual({ status: 200, json: { total: 3, provider: { provider_id: provider.provider_id, name: provider.name, model: provider.model } } });
  expect(await runsCount()).toBe(before);
  expect(await jobsLeft()).toBe(0);
  const run = await w.api("POST", "/api/analysis-runs", may);
  expect(run.json.total).toBe(counted.json.total);
  await drain(testWorker());

  expect((await preview({})).json.total).toBe(4);
  expect((await preview({ ...may, success: "false" })).json.total).toBe(0);
  expect((await preview({ status: "failed" })).json.total).toBe(0);
  // A version filter narrows the run as it narrows the call log: these executions started (2025) before
  // any deployment, so they ran no version of the agent.
  expect((await preview({ agent_id: w.agentId })).json.total).toBe(4);
  expect((await preview({ agent_id: w.agentId, agent_version: "1" })).json.total).toBe(0);
});

it("the call log's errors: a bad or unknown filter is a 400 naming it; no AI provider (another tenant has none here) is a 422", async () => {
  expect(await preview({ from: "May" })).toMatchObject({ status: 400, json: { errors: [{ path: "from" }] } });
  const other = await newAccountWithToken("Preview other");
  expect(await preview({}, other.token)).toMatchObject({ status: 422, json: { field: "provider_id" } });
  expect(await preview({ shoe_size: "9" })).toMatchObject({ status: 400, json: { errors: [{ path: "shoe_size" }] } });
});
