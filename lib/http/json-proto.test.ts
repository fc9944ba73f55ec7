import { beforeAll, describe, expect, it } from "vitest";
import * as agentTests from "@/app/api/agent/[id]/tests/route";
import * as agents from "@/app/api/agent/route";
import * as aiProviders from "@/app/api/ai-providers/route";
import * as analysisRuns from "@/app/api/analysis-runs/route";
import * as campaigns from "@/app/api/campaigns/route";
import * as tools from "@/app/api/tools/route";
import { db } from "@/lib/core/client";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { parseJsonBody } from "./read-body";

// A body with a `__proto__` key was let through: zod skips that key in records and catchalls, so
// `{"__proto__": null}` started an analysis run (202) and `"variables": {"__proto__": {…}}` saved an
// agent test (201). The body reader now refuses it with a 400 naming the field, before any handler runs.

let token = "";
let agentId = "";
const json = { "content-type": "application/json" };
const MESSAGE = "a key named __proto__ is not allowed";

beforeAll(async () => {
  await useTempDatabase();
  ({ token } = await newAccountWithToken());
  const agent = await call(agents.POST, "POST", "/api/agent", { token, body: bolnaExampleAgent() });
  expect(agent.status).toBe(201);
  agentId = agent.json.agent_id;
  const provider = await call(aiProviders.POST, "POST", "/api/ai-providers", { token, body: { name: "p", base_url: "https://ai.example.com/v1", api_key: "k", model: "m" } });
  expect(provider.status).toBe(201);
});

const count = async (table: "analysis_runs" | "agent_tests" | "audit_log") =>
  Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

describe("a __proto__ key in a JSON body", () => {
  it("at the top level: POST /api/analysis-runs is a 400 naming it, and no run starts", async () => {
    const [runs, audit] = [await count("analysis_runs"), await count("audit_log")];
    const res = await call(analysisRuns.POST, "POST", "/api/analysis-runs", { token, rawBody: '{"__proto__": null, "agent_id": "x"}', headers: json });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: 400, message: `Invalid request: __proto__: ${MESSAGE}`, errors: [{ path: "__proto__", message: MESSAGE }] });
    expect([await count("analysis_runs"), await count("audit_log")]).toEqual([runs, audit]);
    // The same body without it is a run: the key alone was the reason.
    expect((await call(analysisRuns.POST, "POST", "/api/analysis-runs", { token, rawBody: '{"agent_id": "x"}', headers: json })).status).toBe(202);
  });

  it("nested: POST /api/agent/{id}/tests with variables.__proto__ is a 400 naming its path, and no test is saved", async () => {
    const test = (variables: string) => `{"name": "t", "variables": ${variables}, "turns": ["hi"], "expect": [{"type": "reply_contains", "text": "x"}]}`;
    const before = await count("agent_tests");
    const res = await call(agentTests.POST, "POST", `/api/agent/${agentId}/tests`, { token, params: { id: agentId }, rawBody: test('{"__proto__": {"name": "x"}}'), headers: json });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual([{ path: "variables.__proto__", message: MESSAGE }]);
    expect(await count("agent_tests")).toBe(before);
    const ok = await call(agentTests.POST, "POST", `/api/agent/${agentId}/tests`, { token, params: { id: agentId }, rawBody: test('{"name": "x"}'), headers: json });
    expect(ok.status).toBe(201);
  });

  it("is found written with escapes and inside arrays, each place named, in the tools family's shape too", async () => {
    const res = await call(campaigns.POST, "POST", "/api/campaigns", { token, rawBody: '{"name": "c", "x": [1, {"\\u005f_proto__": 1}], "y": {"z": {"__proto__": []}}}', headers: json });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual([{ path: "x[1].__proto__", message: MESSAGE }, { path: "y.z.__proto__", message: MESSAGE }]);
    const toolsRes = await call(tools.POST, "POST", "/api/tools", { token, rawBody: '{"tools": [], "__proto__": {"isAdmin": true}}', headers: json });
    expect(toolsRes.status).toBe(400);
    expect(toolsRes.json).toMatchObject({ success: false, errors: [{ path: "__proto__", message: MESSAGE }] });
  });

  it("leaves a value or a longer key that only spells __proto__ alone", () => {
    const text = '{"note": "__proto__", "__proto__x": 1, "a": ["__proto__", {"k": "\\u005f"}]}';
    expect(parseJsonBody(text)).toEqual(JSON.parse(text));
    expect(parseJsonBody("[[], 1, null]")).toEqual([[], 1, null]);
  });
});
