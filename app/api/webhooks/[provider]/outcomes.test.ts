import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as agentRoute from "@/app/api/agent/route";
import * as callRoute from "@/app/api/agent/[id]/call/route";
import * as deployRoute from "@/app/api/agent/[id]/deploy/route";
import * as details from "@/app/api/details/route";
import * as detailBySid from "@/app/api/details/[call_sid]/route";
import * as enginesRoute from "@/app/api/engines/route";
import { resetConfigForTests } from "@/lib/core/config";
import { ANALYSIS_PLAN_EXAMPLE } from "@/lib/outcomes/openapi";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { startFakeBolna, type FakeBolna } from "@/lib/testing/fake-bolna";
import { extractionKeys } from "@/lib/testing/fake-bolna-followups";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { startRouteServer } from "@/lib/testing/route-server";
import * as webhook from "./[secret]/route";

// Engine outcomes: deploy compiles the agent's analysis_plan into Bolna's extraction and
// summarization tasks (the fake checks them as Bolna's models would), and an execution whose
// extracted_data carries the plan's keys, posted over real HTTP to the webhook, becomes the call's
// typed outcome on GET /api/details.

type Json = Record<string, unknown>;
let bolna: FakeBolna;
let app: Awaited<ReturnType<typeof startRouteServer>>;
let a: { accountId: string; token: string };
let engineId: string;
let agentId: string;
let remoteId: string;

const post = (handler: Parameters<typeof call>[0], body: unknown, params?: Record<string, string>) => call(handler, "POST", "/", { token: a.token, body, params });
const outcomeOf = async (sid: string) => (await call(details.GET, "GET", "/api/details?limit=1000", { token: a.token })).json.calls.find((c: Json) => c.call_sid === sid);
const placeAndComplete = async (final: Json) => {
  const sid = (await post(callRoute.POST, { to_number: "+14155550103" }, { id: agentId })).json.call_sid as string;
  await bolna.complete(sid, final);
  return sid;
};

beforeAll(async () => {
  bolna = await startFakeBolna();
  app = await startRouteServer([[/^\/api\/webhooks\/(?<provider>[^/]+)\/(?<secret>[^/]+)$/, webhook]]);
  await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", PUBLIC_URL: app.origin });
  resetConfigForTests();
  a = await newAccountWithToken("Outcomes");
  engineId = (await post(enginesRoute.POST, { name: "Bolna", base_url: bolna.origin, api_key: bolna.apiKey })).json.engine_id;
  agentId = (await post(agentRoute.POST, { ...bolnaExampleAgent(), analysis_plan: ANALYSIS_PLAN_EXAMPLE })).json.agent_id;
  const deployed = await post(deployRoute.POST, { engine_id: engineId }, { id: agentId });
  expect(deployed.status).toBe(200);
  remoteId = deployed.json.remote_agent_id;
});
afterAll(async () => {
  await bolna?.close();
  await app?.close();
});

describe("deploy compiles the plan into Bolna's follow-up tasks", () => {
  it("adds an extraction task asking for exactly the plan's keys and types, and a summarization task", () => {
    const sent = bolna.agents.get(remoteId)!;
    const tasks = (sent.agent_config as { tasks: Json[] }).tasks;
    expect(tasks.map((t) => t.task_type)).toEqual(["conversation", "extraction", "summarization"]);
    expect(extractionKeys(sent)).toEqual(["success", "success_reason", "sentiment", "disposition", "seats", "plan"]);
    const llm = (tasks[1].tools_config as { llm_agent: Json }).llm_agent;
    expect(llm).toMatchObject({ agent_flow_type: "streaming", provider: "openai", model: "gpt-4o-mini", request_json: true });
    const text = String(llm.extraction_details);
    expect(text).toContain('"success" (boolean)');
    expect(text).toContain("The caller booked or confirmed an appointment");
    expect(text).toContain('"disposition" (string, exactly one of "booked", "callback", "not_interested", "voicemail")');
    expect(text).toContain('"seats" (number, or null when the call does not say): How many seats they want');
    expect(text).toContain('"plan" (string, exactly one of "basic", "pro", or null');
    expect(tasks[2]).toMatchObject({ task_type: "summarization", toolchain: { pipelines: [["llm"]] } });
    // Follow-up tasks get no prompt: Bolna then uses its extraction prompt over the extraction_json.
    expect(Object.keys(sent.agent_prompts as Json)).toEqual(["task_1"]);
  });

  it("an agent without a plan still deploys its conversation task alone", async () => {
    const plain = (await post(agentRoute.POST, bolnaExampleAgent())).json.agent_id;
    const res = await post(deployRoute.POST, { engine_id: engineId }, { id: plain });
    expect(res.status).toBe(200);
    expect((bolna.agents.get(res.json.remote_agent_id)!.agent_config as { tasks: Json[] }).tasks).toHaveLength(1);
  });

  it("refuses (422, nothing sent) an agent that has its own extraction task beside a plan that compiles one", async () => {
    const body = { ...bolnaExampleAgent(), analysis_plan: { sentiment: true } };
    const extra = structuredClone(body.agent_config.tasks[0]) as Json;
    extra.task_type = "extraction";
    body.agent_config.tasks.push(extra as never);
    (body.agent_prompts as Json).task_2 = { system_prompt: "extract" };
    const id = (await post(agentRoute.POST, body)).json.agent_id;
    const before = bolna.received.length;
    const res = await post(deployRoute.POST, { engine_id: engineId }, { id });
    expect(res.status).toBe(422);
    expect(res.json.errors[0].path).toBe("agent_config.tasks[1].task_type");
    expect(bolna.received.length).toBe(before);
  });
});

describe("engine outcomes", () => {
  it("an execution with the plan's keys gives a typed outcome; summary and extracted_data stay as sent", async () => {
    const extracted = { success: true, success_reason: "Booked for Friday", sentiment: "Positive", disposition: "booked", seats: 3, plan: "pro", other: "kept" };
    const sid = await placeAndComplete({ extracted_data: extracted });
    const c = await outcomeOf(sid);
    expect(c.extracted_data).toEqual(extracted);
    expect(c.summary).toBe("Booked a demo for Friday.");
    expect(c.outcome).toEqual({
      status: "analyzed", source: "engine", success: true, success_reason: "Booked for Friday", sentiment: "positive",
      disposition: "booked", fields: { seats: 3, plan: "pro" }, errors: [], analyzed_at: expect.any(String), model: null,
      reason: null, // the outcome's contract: why Voxdesk's last analysis failed (lib/analysis), null here
    });
    expect((await call(detailBySid.GET, "GET", "/", { token: a.token, params: { call_sid: sid } })).json.outcome).toEqual(c.outcome);
    expect(Object.keys(c.outcome.fields)).toEqual(["seats", "plan"]); // the plan's order, on PostgreSQL too
  });

  it("a call the fake completes on its own comes back with the extraction the plan asked for", async () => {
    const sid = await placeAndComplete({});
    const c = await outcomeOf(sid);
    expect(Object.keys(c.extracted_data)).toEqual(["success", "success_reason", "sentiment", "disposition", "seats", "plan"]);
    expect(c.outcome).toMatchObject({ status: "analyzed", success: true, sentiment: "positive", disposition: "booked", fields: { seats: 1, plan: "basic" }, errors: [] });
  });

  it("reports values of the wrong type instead of coercing them", async () => {
    const extracted = { success: "yes", success_reason: "", sentiment: "angry", disposition: "maybe", seats: "3", plan: "Basic" };
    const sid = await placeAndComplete({ extracted_data: extracted });
    const c = await outcomeOf(sid);
    expect(c.extracted_data).toEqual(extracted);
    expect(c.outcome).toMatchObject({ status: "analyzed", success: null, success_reason: null, sentiment: null, disposition: null, fields: { seats: null, plan: "basic" } });
    expect(c.outcome.errors.map((e: Json) => e.field)).toEqual(["success", "success_reason", "sentiment", "disposition", "seats"]);
    expect(c.outcome.errors.find((e: Json) => e.field === "seats").message).toBe('expected a number, got "3"');
  });

  it("a call whose extracted_data has none of the plan's keys, or none at all, has no outcome", async () => {
    const sid = await placeAndComplete({ extracted_data: { interested: true } });
    expect((await outcomeOf(sid)).outcome).toMatchObject({ status: "none", source: null, success: null, fields: {}, errors: [] });
    const queued = (await post(callRoute.POST, { to_number: "+14155550104" }, { id: agentId })).json.call_sid;
    expect((await outcomeOf(queued)).outcome.status).toBe("none");
  });

  it("a later delivery with new values replaces the outcome", async () => {
    const sid = await placeAndComplete({ extracted_data: { success: false, success_reason: "No", sentiment: "neutral", disposition: "callback", seats: 1 } });
    expect((await outcomeOf(sid)).outcome).toMatchObject({ success: false, disposition: "callback", fields: { seats: 1, plan: null } });
    await bolna.advance(sid, "completed", { updated_at: new Date(Date.now() + 60_000).toISOString(),
      extracted_data: { success: true, success_reason: "Yes", sentiment: "positive", disposition: "booked", seats: 2, plan: "basic" } });
    expect((await outcomeOf(sid)).outcome).toMatchObject({ success: true, disposition: "booked", fields: { seats: 2, plan: "basic" } });
  });
});
