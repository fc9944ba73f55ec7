import { beforeAll, describe, expect, it } from "vitest";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { ANALYSIS_PLAN_EXAMPLE } from "@/lib/outcomes/openapi";
import * as agentRoute from "./route";
import * as agentById from "./[id]/route";

// The agent payload's top-level analysis_plan, validated with 400s naming the field and
// kept exactly as sent.

let a: { accountId: string; token: string };
const plan = () => structuredClone(ANALYSIS_PLAN_EXAMPLE) as Record<string, unknown> & { fields: Record<string, unknown>[] };
const post = (body: unknown) => call(agentRoute.POST, "POST", "/api/agent", { token: a.token, body });
const get = async (id: string) => (await call(agentById.GET, "GET", `/api/agent/${id}`, { token: a.token, params: { id } })).json;

beforeAll(async () => {
  await useTempDatabase();
  a = await newAccountWithToken("Plans");
});

describe("analysis_plan on the agent payload", () => {
  it("is kept exactly as sent, unknown keys included, through POST, GET, the list and PUT", async () => {
    const sent = { ...bolnaExampleAgent(), analysis_plan: { ...plan(), note: { kept: [1, true] } } };
    sent.analysis_plan.fields[0].hint = "kept too";
    const res = await post(sent);
    expect(res.status).toBe(201);
    const id = res.json.agent_id;
    expect((await get(id)).analysis_plan).toEqual(sent.analysis_plan);
    const list = await call(agentRoute.GET, "GET", "/api/agent", { token: a.token });
    expect(list.json.agents.find((x: { agent_id: string }) => x.agent_id === id).analysis_plan).toEqual(sent.analysis_plan);

    const changed = { ...bolnaExampleAgent(), analysis_plan: { sentiment: true } };
    expect((await call(agentById.PUT, "PUT", `/api/agent/${id}`, { token: a.token, params: { id }, body: changed })).status).toBe(200);
    expect((await get(id)).analysis_plan).toEqual({ sentiment: true });
    // PUT is a full replace: without a plan the agent has none.
    expect((await call(agentById.PUT, "PUT", `/api/agent/${id}`, { token: a.token, params: { id }, body: bolnaExampleAgent() })).status).toBe(200);
    expect((await get(id)).analysis_plan).toBeNull();
  });

  it("an agent without a plan answers analysis_plan: null", async () => {
    const res = await post(bolnaExampleAgent());
    expect((await get(res.json.agent_id)).analysis_plan).toBeNull();
  });

  const bad: [string, (p: ReturnType<typeof plan>) => void, string][] = [
    ["a name that is not snake case", (p) => { p.fields[0].name = "Seats"; }, "analysis_plan.fields[0].name"],
    ["a name over 40 characters", (p) => { p.fields[0].name = `a${"b".repeat(40)}`; }, "analysis_plan.fields[0].name"],
    ["an unknown type", (p) => { p.fields[0].type = "date"; }, "analysis_plan.fields[0].type"],
    ["an enum without choices", (p) => { delete p.fields[1].choices; }, "analysis_plan.fields[1].choices"],
    ["choices on a number", (p) => { p.fields[0].choices = ["1"]; }, "analysis_plan.fields[0].choices"],
    ["a duplicate name", (p) => { p.fields[1].name = "seats"; }, "analysis_plan.fields[1].name"],
    ["a reserved name", (p) => { p.fields[0].name = "sentiment"; }, "analysis_plan.fields[0].name"],
    ["more than 20 fields", (p) => { p.fields = Array.from({ length: 21 }, (_, i) => ({ name: `f${i}`, type: "string" })); }, "analysis_plan.fields"],
    ["success enabled without criteria", (p) => { p.success = { enabled: true }; }, "analysis_plan.success.criteria"],
    ["a disposition without choices", (p) => { p.disposition = { choices: [] }; }, "analysis_plan.disposition.choices"],
    ["a repeated disposition choice", (p) => { p.disposition = { choices: ["booked", "Booked"] }; }, "analysis_plan.disposition.choices[1]"],
    ["sentiment as a string", (p) => { p.sentiment = "yes"; }, "analysis_plan.sentiment"],
    ["a plan that is not an object", (p) => { p.fields = "seats" as never; }, "analysis_plan.fields"],
  ];
  it.each(bad)("refuses %s with a 400 naming the field", async (_, change, path) => {
    const p = plan();
    change(p);
    const res = await post({ ...bolnaExampleAgent(), analysis_plan: p });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain(path);
  });
});
