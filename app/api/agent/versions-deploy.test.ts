import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { startFakeBolna, type FakeBolna } from "@/lib/testing/fake-bolna";
import * as enginesRoute from "@/app/api/engines/route";
import * as agentRoute from "./route";
import * as agentById from "./[id]/route";
import * as deployRoute from "./[id]/deploy/route";
import * as versionRoute from "./[id]/versions/[n]/route";
import * as restoreRoute from "./[id]/versions/[n]/restore/route";

// Deploy pushes a chosen version (default the latest) to the engine over HTTP; rolling back
// is deploying an older one, and the agent's deployments say which version each engine runs.

let bolna: FakeBolna;
let a: { accountId: string; token: string };
let b: { accountId: string; token: string };

const withPrompt = (prompt: string) => {
  const body = bolnaExampleAgent();
  body.agent_prompts.task_1.system_prompt = prompt;
  return body;
};
const getAgent = async (id: string) => (await call(agentById.GET, "GET", `/api/agent/${id}`, { token: a.token, params: { id } })).json;
const deploy = (id: string, body: Record<string, unknown>, token = a.token) =>
  call(deployRoute.POST, "POST", `/api/agent/${id}/deploy`, { token, params: { id }, body });
const sentPrompt = (remoteId: string) =>
  (bolna.agents.get(remoteId)!.agent_prompts as { task_1: { system_prompt: string } }).task_1.system_prompt;

async function agentWithTwoVersions() {
  const res = await call(agentRoute.POST, "POST", "/api/agent", { token: a.token, body: withPrompt("Version one.") });
  const id = res.json.agent_id as string;
  await call(agentById.PUT, "PUT", `/api/agent/${id}`, { token: a.token, params: { id }, body: withPrompt("Version two.") });
  return id;
}
async function newEngine(token: string) {
  const res = await call(enginesRoute.POST, "POST", "/api/engines", { token, body: { name: "Bolna", base_url: bolna.origin, api_key: bolna.apiKey } });
  expect(res.status).toBe(201);
  return res.json.engine_id as string;
}

beforeAll(async () => {
  bolna = await startFakeBolna();
  await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", PUBLIC_URL: "http://voxdesk.example.test" });
  a = await newAccountWithToken("Deploy versions A");
  b = await newAccountWithToken("Deploy versions B");
});
afterAll(async () => bolna?.close());

describe("deploying versions", () => {
  it("deploys the latest by default, rolls back to an older version, and records what each engine runs", async () => {
    const id = await agentWithTwoVersions();
    const engine = await newEngine(a.token);
    const latest = await deploy(id, { engine_id: engine });
    expect(latest.status).toBe(200);
    expect(latest.json).toMatchObject({ version: 2, status: "deployed" });
    const remote = latest.json.remote_agent_id as string;
    expect(sentPrompt(remote)).toBe("Version two.");
    let agent = await getAgent(id);
    expect(agent.deployments).toEqual([expect.objectContaining({ engine_id: engine, version: 2, deployed_at: latest.json.deployed_at, in_sync: true })]);

    // Roll back: version 1's content goes to the same remote agent; the agent itself stays at 2.
    const back = await deploy(id, { engine_id: engine, version: 1 });
    expect(back.status).toBe(200);
    expect(back.json).toMatchObject({ version: 1, remote_agent_id: remote });
    expect(bolna.received.at(-1)).toMatchObject({ method: "PUT", path: `/v2/agent/${remote}` });
    expect(sentPrompt(remote)).toBe("Version one.");
    agent = await getAgent(id);
    expect(agent.version).toBe(2);
    expect(agent.agent_prompts.task_1.system_prompt).toBe("Version two.");
    expect(agent.deployments).toEqual([expect.objectContaining({ engine_id: engine, version: 1, deployed_at: back.json.deployed_at, in_sync: false })]);
    // Version 1's own view says that engine runs it.
    const v1 = await call(versionRoute.GET, "GET", `/api/agent/${id}/versions/1`, { token: a.token, params: { id, n: "1" } });
    expect(v1.json.deployments).toEqual([expect.objectContaining({ engine_id: engine, version: 1, in_sync: true })]);

    // Restoring 1 makes version 3 with that content; the engine runs equal content but not version 3.
    await call(restoreRoute.POST, "POST", `/api/agent/${id}/versions/1/restore`, { token: a.token, params: { id, n: "1" } });
    agent = await getAgent(id);
    expect(agent.version).toBe(3);
    expect(agent.deployments[0]).toMatchObject({ version: 1, in_sync: false });
    const forward = await deploy(id, { engine_id: engine });
    expect(forward.json.version).toBe(3);
    expect(sentPrompt(remote)).toBe("Version one.");
    expect((await getAgent(id)).deployments[0]).toMatchObject({ version: 3, in_sync: true });
  });

  it("a version the agent does not have is a 404 and a malformed one a 400 naming version; nothing is sent", async () => {
    const id = await agentWithTwoVersions();
    const engine = await newEngine(a.token);
    const sent = bolna.received.length;
    expect((await deploy(id, { engine_id: engine, version: 3 })).status).toBe(404);
    for (const version of ["1", 0, 1.5]) {
      const res = await deploy(id, { engine_id: engine, version });
      expect(res.status, String(version)).toBe(400);
      expect(res.json.message).toContain("version");
    }
    expect(bolna.received.length).toBe(sent);
    expect((await getAgent(id)).deployments).toEqual([]);
  });

  it("another account's agent or engine is a 404, whatever the version", async () => {
    const id = await agentWithTwoVersions();
    const mine = await newEngine(b.token);
    expect((await deploy(id, { engine_id: mine, version: 1 }, b.token)).status).toBe(404);
    const theirs = await newEngine(a.token);
    const own = (await call(agentRoute.POST, "POST", "/api/agent", { token: b.token, body: withPrompt("B") })).json.agent_id;
    expect((await deploy(own, { engine_id: theirs, version: 1 }, b.token)).status).toBe(404);
  });
});
