// The fake Bolna is what every engine test trusts, so it is tested on its own: it must refuse what
// Bolna refuses and post executions the way docs/bolna.md describes.
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bolnaExampleAgent } from "./bolna-fixtures";
import { startFakeBolna, type FakeBolna } from "./fake-bolna";
import { sendJson, startLoopbackServer, type LoopbackServer } from "./loopback-server";

let bolna: FakeBolna;
let hook: LoopbackServer;
const hookBodies = () => hook.requests.map((r) => JSON.parse(r.body) as Record<string, unknown>);

async function api(method: string, path: string, body?: unknown, key = bolna.apiKey) {
  const res = await fetch(`${bolna.origin}${path}`, {
    method, headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> & unknown[] };
}

const agentWithHook = () => {
  const a = bolnaExampleAgent();
  (a.agent_config as Record<string, unknown>).webhook_url = `${hook.origin}/hook`;
  return a;
};

async function newRemoteAgent() {
  const res = await api("POST", "/v2/agent", agentWithHook());
  expect(res.status).toBe(201);
  return res.json.agent_id as string;
}

beforeAll(async () => {
  hook = await startLoopbackServer((_req, res) => sendJson(res, 200, { ok: true }));
  bolna = await startFakeBolna();
});
afterAll(async () => {
  await bolna?.close();
  await hook?.close();
});

describe("fake Bolna: what it refuses", () => {
  it("needs the Bearer key", async () => {
    const res = await api("GET", "/v2/agent/all", undefined, "bn-wrong");
    expect(res.status).toBe(401);
    expect(res.json.message).toBeTruthy();
  });

  it("accepts Bolna's own example agent and lists it as a bare array", async () => {
    const id = await newRemoteAgent();
    const all = await api("GET", "/v2/agent/all");
    expect(Array.isArray(all.json)).toBe(true);
    expect((all.json as unknown as { id: string }[]).map((a) => a.id)).toContain(id);
  });

  const refusals: [string, (a: ReturnType<typeof agentWithHook>) => void, string][] = [
    ["agent_name", (a) => delete (a.agent_config as { agent_name?: string }).agent_name, "agent_config.agent_name"],
    ["tasks", (a) => delete (a.agent_config as { tasks?: unknown }).tasks, "agent_config.tasks"],
    ["toolchain.execution", (a) => ((a.agent_config.tasks[0].toolchain as Record<string, unknown>).execution = "serial"), "toolchain.execution"],
    ["pipeline stage", (a) => ((a.agent_config.tasks[0].toolchain as Record<string, unknown>).pipelines = [["transcriber", "brain"]]), "toolchain.pipelines"],
    ["synthesizer provider", (a) => ((a.agent_config.tasks[0].tools_config.synthesizer as Record<string, unknown>).provider = "acme-tts"), "synthesizer.provider"],
    ["voice_id for elevenlabs", (a) => delete (a.agent_config.tasks[0].tools_config.synthesizer.provider_config as Record<string, unknown>).voice_id, "provider_config.voice_id"],
    ["transcriber provider", (a) => ((a.agent_config.tasks[0].tools_config.transcriber as Record<string, unknown>).provider = "whisperx"), "transcriber.provider"],
    ["input provider", (a) => ((a.agent_config.tasks[0].tools_config.input as Record<string, unknown>).provider = "skype"), "input.provider"],
    ["api_tools without tools_params", (a) => ((a.agent_config.tasks[0].tools_config as Record<string, unknown>).api_tools = { tools: [] }), "api_tools.tools_params"],
    ["tools_params param", (a) => ((a.agent_config.tasks[0].tools_config as Record<string, unknown>).api_tools = {
      tools: [{ type: "function", function: { name: "f", parameters: {} } }], tools_params: { f: { method: "GET", url: "https://x.test" } },
    }), "tools_params.f.param"],
    ["api_tool_ids (ours, not Bolna's)", (a) => ((a.agent_config.tasks[0].tools_config as Record<string, unknown>).api_tools = { api_tool_ids: ["t1"] }), "api_tools.tools"],
    ["system_prompt", (a) => ((a as { agent_prompts: unknown }).agent_prompts = { task_1: {} }), "agent_prompts.task_1.system_prompt"],
  ];
  for (const [what, breakIt, path] of refusals) {
    it(`refuses a missing or wrong ${what} with 422 naming ${path}`, async () => {
      const a = agentWithHook();
      breakIt(a);
      const res = await api("POST", "/v2/agent", a);
      expect(res.status).toBe(422);
      expect(res.json.message).toContain(path);
    });
  }

  it("PUT replaces a known agent and 404s an unknown one; bad JSON is a 400", async () => {
    const id = await newRemoteAgent();
    const changed = agentWithHook();
    changed.agent_config.agent_welcome_message = "Changed";
    expect((await api("PUT", `/v2/agent/${id}`, changed)).json).toMatchObject({ agent_id: id, state: "updated" });
    expect((bolna.agents.get(id)!.agent_config as Record<string, unknown>).agent_welcome_message).toBe("Changed");
    expect((await api("PUT", "/v2/agent/nope", changed)).status).toBe(404);
    expect((await api("POST", "/v2/agent", "{not json")).status).toBe(400);
    expect(bolna.received.at(-1)).toMatchObject({ method: "POST", path: "/v2/agent", body: undefined });
  });

  it("POST /call needs E.164 and a known agent, and answers queued with an execution id", async () => {
    const agent_id = await newRemoteAgent();
    expect((await api("POST", "/call", { agent_id, recipient_phone_number: "(415) 555-0102" })).status).toBe(422);
    expect((await api("POST", "/call", { agent_id: "nope", recipient_phone_number: "+14155550102" })).status).toBe(404);
    const ok = await api("POST", "/call", { agent_id, recipient_phone_number: "+14155550102", user_data: { first_name: "Ada" } });
    expect(ok.json).toMatchObject({ message: "done", status: "queued", execution_id: expect.any(String) });
    const e = await api("GET", `/executions/${ok.json.execution_id as string}`);
    expect(e.json).toMatchObject({ status: "queued", agent_id, context_details: { recipient_data: { first_name: "Ada" } } });
  });

  it("pages executions by created_at, at most 50 a page and 7 days a window", async () => {
    const agent_id = await newRemoteAgent();
    for (let i = 0; i < 60; i++) bolna.addExecution({ agent_id, created_at: new Date(Date.UTC(2026, 10, 20, 10, i)).toISOString() });
    const q = (s: string) => api("GET", `/v2/agent/${agent_id}/executions?${s}`);
    const p1 = await q("page_number=1&page_size=50&from=2026-11-20T00:00:00Z&to=2026-11-21T00:00:00Z");
    expect(p1.json).toMatchObject({ page_number: 1, page_size: 50, total: 60, has_more: true });
    expect((p1.json.data as unknown[]).length).toBe(50);
    const p2 = await q("page_number=2&page_size=50&from=2026-11-20T00:00:00Z&to=2026-11-21T00:00:00Z");
    expect(p2.json).toMatchObject({ total: 60, has_more: false });
    expect((p2.json.data as unknown[]).length).toBe(10);
    expect((await q("page_size=51")).status).toBe(400);
    expect((await q("from=2026-11-01T00:00:00Z&to=2026-11-09T00:00:00Z")).status).toBe(400);
    expect((await q("from=yesterday")).status).toBe(400);
  });
});

describe("fake Bolna: what it posts", () => {
  it("walks a status sequence, resends, and sends a late earlier status after the final one", async () => {
    const agent_id = await newRemoteAgent();
    const placed = await api("POST", "/call", { agent_id, recipient_phone_number: "+14155550102", user_data: { first_name: "Ada" } });
    const id = placed.json.execution_id as string;
    const before = hook.requests.length;
    await bolna.complete(id);
    await bolna.resend(id);
    await bolna.sendLate(id, "ringing");
    const sent = hookBodies().slice(before);
    expect(sent.map((b) => b.status)).toEqual(["initiated", "ringing", "in-progress", "call-disconnected", "completed", "completed", "ringing"]);
    const done = sent[4];
    expect(done).toMatchObject({
      id, agent_id, conversation_duration: 123.4, total_cost: 18.2, summary: expect.any(String), extracted_data: { interested: true },
      context_details: { recipient_data: { first_name: "Ada" } }, answered_by_voice_mail: false,
      telephony_data: { duration: "125", to_number: "+14155550102", hangup_by: "Callee", hangup_reason: expect.any(String) },
    });
    expect(Object.keys(done.cost_breakdown as object).sort()).toEqual(["llm", "network", "platform", "synthesizer", "transcriber"]);
    expect(sent[6].summary).toBeNull(); // the late ringing snapshot is the one sent back then
    expect(bolna.deliveries.slice(-7).every((d) => d.http_status === 200)).toBe(true);
  });

  it("auto-completes placed calls, and holds them in progress until released", async () => {
    const auto = await startFakeBolna({ autoCompleteMs: 0 });
    try {
      const created = await fetch(`${auto.origin}/v2/agent`, { method: "POST", headers: { authorization: `Bearer ${auto.apiKey}` }, body: JSON.stringify(agentWithHook()) });
      const agent_id = ((await created.json()) as { agent_id: string }).agent_id;
      const place = () => fetch(`${auto.origin}/call`, { method: "POST", headers: { authorization: `Bearer ${auto.apiKey}` }, body: JSON.stringify({ agent_id, recipient_phone_number: "+14155550102" }) });
      await place();
      await auto.idle();
      expect(auto.active()).toHaveLength(0);
      expect([...auto.executions.values()][0].status).toBe("completed");

      auto.holdCalls(true);
      for (let i = 0; i < 3; i++) await place();
      await auto.idle();
      expect(auto.active().map((e) => e.status)).toEqual(["in-progress", "in-progress", "in-progress"]);
      expect(auto.peakActive).toBe(3);
      await auto.release(undefined, "no-answer");
      expect(auto.active()).toHaveLength(0);
      expect([...auto.executions.values()].slice(1).map((e) => e.status)).toEqual(["no-answer", "no-answer", "no-answer"]);
    } finally {
      await auto.close();
    }
  });

  it("runs as a process with control routes (the e2e entry)", async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const child = spawn("node_modules/.bin/tsx", ["lib/testing/fake-bolna-server.ts", "--port", String(port), "--api-key", "bn-entry-test-key", "--auto-complete-ms", "0"], { stdio: ["ignore", "pipe", "pipe"] });
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on("data", (d: Buffer) => d.toString().includes("fake Bolna on") && resolve());
        child.once("exit", (code) => reject(new Error(`exited ${code}`)));
      });
      const origin = `http://127.0.0.1:${port}`;
      expect((await fetch(`${origin}/v2/agent/all`)).status).toBe(401);
      const all = await fetch(`${origin}/v2/agent/all`, { headers: { authorization: "Bearer bn-entry-test-key" } });
      expect(await all.json()).toEqual([]);
      const state = (await (await fetch(`${origin}/__fake/state`)).json()) as Record<string, unknown>;
      expect(state).toMatchObject({ agents: [], calls: [], peak_active: 0 });
    } finally {
      child.kill("SIGTERM");
    }
  });
});
