// The fake open-source Bolna server stands in for a real one in every self-hosted engine test, so
// it is tested on its own: what its models refuse (422, FastAPI's list), what Redis ends up
// holding, and the server's traps (500 for an unknown id, GET /all failing whole).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bolnaExampleAgent } from "./bolna-fixtures";
import { DEFAULT_WELCOME, startFakeBolnaOss, type FakeBolnaOss } from "./fake-bolna-oss";

let bolna: FakeBolnaOss;
beforeAll(async () => {
  bolna = await startFakeBolnaOss();
});
afterAll(async () => bolna?.close());

type Json = Record<string, unknown>;
async function api(method: string, path: string, body?: unknown, headers: Record<string, string> = { "content-type": "application/json" }, on = bolna) {
  const res = await fetch(`${on.origin}${path}`, { method, headers, body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body) });
  const text = await res.text();
  let json: Json = {};
  try {
    json = JSON.parse(text) as Json;
  } catch { /* plain text answers */ }
  return { status: res.status, json, text, type: res.headers.get("content-type") };
}
const minimal = () => ({
  agent_config: {
    agent_name: "Min",
    tasks: [{ tools_config: { input: { provider: "twilio" }, output: { provider: "twilio", format: "wav" } }, toolchain: { execution: "parallel", pipelines: [["transcriber", "llm", "synthesizer"]] } }],
  },
  agent_prompts: { task_1: { system_prompt: "Be brief." } },
});
const create = async (body: unknown = bolnaExampleAgent()) => {
  const res = await api("POST", "/agent", body);
  expect(res.status).toBe(200);
  return res.json.agent_id as string;
};
const INTERNAL = { detail: "Internal server error" };

describe("fake Bolna (open source): storing agents", () => {
  it("creates an agent and stores what the models dump: unknown keys dropped, no prompts, assistant_status seeding", async () => {
    const res = await api("POST", "/agent", bolnaExampleAgent());
    expect(res.json).toEqual({ agent_id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/), state: "created" });
    const id = res.json.agent_id as string;
    const got = (await api("GET", `/agent/${id}`)).json as Json & { tasks: Json[] };
    expect(Object.keys(got)).toEqual(["agent_name", "agent_type", "tasks", "agent_welcome_message", "assistant_status"]);
    expect(got).toMatchObject({ agent_name: "Alfred", agent_type: "other", agent_welcome_message: "How are you doing Bruce?", assistant_status: "seeding" });
    const tools = got.tasks[0].tools_config as Json;
    expect(tools.custom_member).toBeUndefined();
    expect(tools).toMatchObject({ api_tools: null, s2s: null, input: { provider: "twilio", format: "wav" } });
    expect(got.tasks[0]).toMatchObject({ task_type: "conversation", toolchain: { execution: "parallel" } });
    expect(bolna.prompts.get(id)).toEqual(bolnaExampleAgent().agent_prompts);
    expect(bolna.agents.get(id)).toEqual(got);
  });

  it("fills the models' defaults and drops fields they do not have (a webhookURL in api_tools)", async () => {
    const body = minimal() as Json & { agent_config: Json & { tasks: Json[] } };
    body.agent_config.tasks[0].tools_config = { ...(body.agent_config.tasks[0].tools_config as Json), api_tools: { tools_params: {}, webhookURL: "https://hook.example" } };
    body.agent_config.extra_top_level = true;
    const id = await create(body);
    const got = bolna.agents.get(id) as Json & { tasks: Json[] };
    expect(got).toMatchObject({ agent_type: "other", agent_welcome_message: DEFAULT_WELCOME });
    expect(got.extra_top_level).toBeUndefined();
    expect(got.tasks[0]).toMatchObject({ task_type: "conversation", task_config: {}, tools_config: { api_tools: { tools: null, tools_params: {} } } });
    expect(await create({ ...minimal(), agent_config: { agent_name: "No tasks", tasks: [] } })).toBeTruthy(); // List[Task] has no minimum
  });

  it("updates the whole agent, deletes it, and answers 500 (not 404) for an unknown id", async () => {
    const id = await create();
    const next = minimal();
    expect((await api("PUT", `/agent/${id}`, next)).json).toEqual({ agent_id: id, state: "updated" });
    expect((await api("GET", `/agent/${id}`)).json).toMatchObject({ agent_name: "Min", assistant_status: "updated" });
    expect(bolna.prompts.get(id)).toEqual(next.agent_prompts);
    expect((await api("DELETE", `/agent/${id}`)).json).toEqual({ agent_id: id, state: "deleted" });
    expect(bolna.prompts.has(id)).toBe(true); // the prompts file stays behind
    for (const method of ["GET", "DELETE"]) expect(await api(method, `/agent/${id}`)).toMatchObject({ status: 500, json: INTERNAL });
    expect(await api("PUT", `/agent/${id}`, minimal())).toMatchObject({ status: 500, json: INTERNAL });
    expect((await api("PUT", `/agent/${id}`, {})).status).toBe(422); // the body is checked before the handler runs
  });

  it("lists every Redis key in GET /all, and fails whole on one that is not JSON", async () => {
    const id = await create();
    const all = (await api("GET", "/all")).json.agents as { agent_id: string; data: Json }[];
    expect(all.find((a) => a.agent_id === id)?.data).toMatchObject({ agent_name: "Alfred" });
    bolna.otherKeys.set("session:1", '{"not":"an agent"}');
    expect(((await api("GET", "/all")).json.agents as { agent_id: string }[]).map((a) => a.agent_id)).toContain("session:1");
    bolna.otherKeys.set("counter", "not json");
    expect(await api("GET", "/all")).toMatchObject({ status: 500, json: INTERNAL });
    bolna.otherKeys.clear();
  });
});

describe("fake Bolna (open source): what it refuses", () => {
  const refusals: [string, (b: Json & { agent_config: Json & { tasks: Json[] } }) => unknown, (string | number)[], string][] = [
    ["agent_config missing", (b) => delete (b as Json).agent_config, ["body", "agent_config"], "missing"],
    ["agent_name not a string", (b) => (b.agent_config.agent_name = 7), ["body", "agent_config", "agent_name"], "string_type"],
    ["tasks not a list", (b) => (b.agent_config.tasks = {} as never), ["body", "agent_config", "tasks"], "list_type"],
    ["task not an object", (b) => (b.agent_config.tasks = ["x"] as never), ["body", "agent_config", "tasks", 0], "model_attributes_type"],
    ["tools_config missing", (b) => delete b.agent_config.tasks[0].tools_config, ["body", "agent_config", "tasks", 0, "tools_config"], "missing"],
    ["toolchain missing", (b) => delete b.agent_config.tasks[0].toolchain, ["body", "agent_config", "tasks", 0, "toolchain"], "missing"],
    ["execution not parallel|sequential", (b) => ((b.agent_config.tasks[0].toolchain as Json).execution = "serial"), ["body", "agent_config", "tasks", 0, "toolchain", "execution"], "string_pattern_mismatch"],
    ["pipeline stage not a string", (b) => ((b.agent_config.tasks[0].toolchain as Json).pipelines = [["llm", 1]]), ["body", "agent_config", "tasks", 0, "toolchain", "pipelines", 0, 1], "string_type"],
    ["input provider unknown", (b) => ((b.agent_config.tasks[0].tools_config as Json).input = { provider: "skype" }), ["body", "agent_config", "tasks", 0, "tools_config", "input", "provider"], "value_error"],
    ["api_tools without tools_params", (b) => ((b.agent_config.tasks[0].tools_config as Json).api_tools = { tools: [] }), ["body", "agent_config", "tasks", 0, "tools_config", "api_tools", "tools_params"], "missing"],
    ["agent_prompts missing", (b) => delete (b as Json).agent_prompts, ["body", "agent_prompts"], "missing"],
    ["a prompt not a string", (b) => ((b as Json).agent_prompts = { task_1: { system_prompt: 5 } }), ["body", "agent_prompts", "task_1", "system_prompt"], "string_type"],
  ];
  for (const [what, breakIt, loc, type] of refusals) {
    it(`422 for ${what}`, async () => {
      const body = minimal() as unknown as Json & { agent_config: Json & { tasks: Json[] } };
      breakIt(body);
      const res = await api("POST", "/agent", body);
      expect(res.status).toBe(422);
      expect(res.json.detail).toContainEqual(expect.objectContaining({ loc, type, msg: expect.any(String) }));
    });
  }

  it("lists every error at once, and refuses a body that is not JSON, not an object, or absent", async () => {
    const errors = (await api("POST", "/agent", { agent_config: { tasks: [{}] } })).json.detail as { loc: unknown[] }[];
    expect(errors.map((e) => e.loc.join("."))).toEqual(expect.arrayContaining(["body.agent_config.agent_name", "body.agent_config.tasks.0.tools_config", "body.agent_config.tasks.0.toolchain", "body.agent_prompts"]));
    expect((await api("POST", "/agent", JSON.stringify(minimal()), { "content-type": "text/plain" })).json.detail).toEqual([expect.objectContaining({ loc: ["body"], type: "model_attributes_type" })]);
    expect((await api("POST", "/agent", "{oops")).json.detail).toEqual([expect.objectContaining({ type: "json_invalid" })]);
    expect((await api("POST", "/agent", [minimal()])).status).toBe(422);
    expect((await api("POST", "/agent")).json.detail).toEqual([expect.objectContaining({ loc: ["body"], type: "missing" })]);
    expect((await api("POST", "/agent", { ...minimal(), agent_prompts: null })).status).toBe(200); // Optional: null is fine
  });

  it("answers FastAPI's 404 and 405, echoes a CORS origin, and fails the next request on demand", async () => {
    expect(await api("GET", "/v2/agent/all")).toMatchObject({ status: 404, json: { detail: "Not Found" } });
    expect(await api("GET", "/agent")).toMatchObject({ status: 405, json: { detail: "Method Not Allowed" } });
    const cors = await fetch(`${bolna.origin}/all`, { headers: { origin: "https://console.example" } });
    expect(cors.headers.get("access-control-allow-origin")).toBe("https://console.example");
    bolna.failNext();
    expect(await api("GET", "/all")).toMatchObject({ status: 500, json: INTERNAL });
    bolna.failNext(503);
    expect((await api("POST", "/agent", minimal())).status).toBe(503);
    expect((await api("GET", "/all")).status).toBe(200);
  });

  it("an extraction task fails the request without an extraction model (POST in plain text), and stores its prompt with one", async () => {
    const withExtraction = () => {
      const b = bolnaExampleAgent() as unknown as { agent_config: { tasks: Json[] } };
      b.agent_config.tasks.push({ task_type: "extraction", tools_config: { llm_agent: { extraction_details: "name: the caller's name" } }, toolchain: { execution: "parallel", pipelines: [["llm"]] } });
      return b;
    };
    expect(await api("POST", "/agent", withExtraction())).toMatchObject({ status: 500, text: "Internal Server Error", type: expect.stringContaining("text/plain") });
    const id = await create();
    expect(await api("PUT", `/agent/${id}`, withExtraction())).toMatchObject({ status: 500, json: INTERNAL });
    const llmBolna = await startFakeBolnaOss({ extractionPrompt: '{"name": "string"}' });
    try {
      const res = await api("POST", "/agent", withExtraction(), undefined, llmBolna);
      const stored = llmBolna.agents.get(res.json.agent_id as string) as { tasks: { tools_config: { llm_agent: Json } }[] };
      expect(stored.tasks[1].tools_config.llm_agent.extraction_json).toBe('{"name": "string"}');
    } finally {
      await llmBolna.close();
    }
  });
});

describe("fake Bolna (open source) behind a proxy", () => {
  it("records the Authorization each request carried; with requireBearer, 401 without it", async () => {
    const proxied = await startFakeBolnaOss({ requireBearer: "proxy-token" });
    try {
      expect(await api("GET", "/all", undefined, {}, proxied)).toMatchObject({ status: 401, json: { detail: "Unauthorized" } });
      expect((await api("GET", "/all", undefined, { authorization: "Bearer wrong" }, proxied)).status).toBe(401);
      expect((await api("GET", "/all", undefined, { authorization: "Bearer proxy-token" }, proxied)).status).toBe(200);
      expect(proxied.requests.map((r) => r.authorization)).toEqual([null, "Bearer wrong", "Bearer proxy-token"]);
    } finally {
      await proxied.close();
    }
    await api("POST", "/agent", minimal(), { "content-type": "application/json", authorization: "Bearer anything" });
    expect(bolna.requests.at(-1)).toMatchObject({ method: "POST", path: "/agent", authorization: "Bearer anything", body: minimal() });
  });
});
