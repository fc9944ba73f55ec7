import { beforeAll, describe, expect, it } from "vitest";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import * as toolsRoute from "../tools/route";
import * as toolById from "../tools/[tool_id]/route";
import { registration } from "../tools/tools-fixtures";
import * as agentRoute from "./route";
import * as agentById from "./[id]/route";

const agentWithTools = (ids: string[]) => ({
  agent_config: {
    agent_name: "Concierge",
    tasks: [{
      tools_config: {
        llm_agent: { llm_config: { provider: "openai", model: "gpt-4o-mini" } },
        api_tools: { api_tool_ids: ids },
      },
    }],
  },
  agent_prompts: { task_1: { system_prompt: "Help callers." } },
});

let a: { accountId: string; token: string };
let b: { accountId: string; token: string };
let activeA = "";
let inactiveA = "";
let toolOfB = "";

async function newTool(token: string, name: string): Promise<string> {
  const res = await call(toolsRoute.POST, "POST", "/api/tools", { token, body: registration([name]) });
  expect(res.status).toBe(201);
  return res.json.data.id;
}

beforeAll(async () => {
  await useTempDatabase();
  a = await newAccountWithToken("A");
  b = await newAccountWithToken("B");
  activeA = await newTool(a.token, "lookup_order");
  inactiveA = await newTool(a.token, "old_lookup");
  toolOfB = await newTool(b.token, "lookup_order");
  const off = await call(toolById.PATCH, "PATCH", "/", { token: a.token, params: { tool_id: inactiveA }, body: { isActive: false } });
  expect(off.json.data.isActive).toBe(false);
});

describe("api_tool_ids of POST/PUT /api/agent", () => {
  it("accepts the caller's active tools", async () => {
    const res = await call(agentRoute.POST, "POST", "/api/agent", { token: a.token, body: agentWithTools([activeA]) });
    expect(res.status).toBe(201);
  });

  it.each([
    ["another account's tool", () => toolOfB],
    ["an inactive tool", () => inactiveA],
    ["an unknown id", () => "00000000-0000-4000-8000-000000000000"],
  ])("refuses %s with a 422 naming the id and its path", async (_label, id) => {
    const res = await call(agentRoute.POST, "POST", "/api/agent", { token: a.token, body: agentWithTools([activeA, id()]) });
    expect(res.status).toBe(422);
    expect(res.json.message).toContain(id());
    expect(res.json.errors).toEqual([
      { path: "agent_config.tasks[0].tools_config.api_tools.api_tool_ids[1]", message: expect.stringContaining(id()) },
    ]);
  });

  it("applies the same rule on PUT", async () => {
    const created = await call(agentRoute.POST, "POST", "/api/agent", { token: a.token, body: agentWithTools([]) });
    const p = { params: { id: created.json.agent_id } };
    expect((await call(agentById.PUT, "PUT", "/", { token: a.token, ...p, body: agentWithTools([toolOfB]) })).status).toBe(422);
    expect((await call(agentById.PUT, "PUT", "/", { token: a.token, ...p, body: agentWithTools([activeA]) })).status).toBe(200);
  });
});

describe("DELETE /api/tools/{id} of a tool agents use", () => {
  it("is refused with 409 naming the agents; the tool can still be deactivated", async () => {
    const id = await newTool(a.token, "in_use");
    await call(agentRoute.POST, "POST", "/api/agent", { token: a.token, body: agentWithTools([id]) });
    const res = await call(toolById.DELETE, "DELETE", "/", { token: a.token, params: { tool_id: id } });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ success: false, agents: [{ agent_name: "Concierge" }] });
    expect(res.json.message).toContain("Concierge");
    expect((await call(toolById.GET, "GET", "/", { token: a.token, params: { tool_id: id } })).status).toBe(200);
    // A tool no agent uses deletes normally.
    const unused = await newTool(a.token, "unused");
    expect((await call(toolById.DELETE, "DELETE", "/", { token: a.token, params: { tool_id: unused } })).status).toBe(200);
  });
});
