import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readChatEvents } from "@/lib/agents/test-chat/client";
import type { ChatEvent } from "@/lib/agents/test-chat/schema";
import { resetConfigForTests } from "@/lib/core/config";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { startFakeAiProvider, type FakeAiProvider } from "@/lib/testing/fake-ai-provider";
import { startLoopbackServer, type LoopbackServer } from "@/lib/testing/loopback-server";
import { startRouteServer } from "@/lib/testing/route-server";
import * as providersRoute from "../ai-providers/route";
import * as toolsRoute from "../tools/route";
import * as agentRoute from "./route";
import * as agentById from "./[id]/route";
import * as chatRoute from "./[id]/test-chat/route";
import { inFreshMinute } from "@/lib/testing/minute-clock";

// The agent test chat over real HTTP (route server → our handler → fake OpenAI-compatible
// provider on 127.0.0.1 → a real tool target on 127.0.0.1): the welcome, {variables}, streaming,
// a tool call executed for real and fed back, the token never shown, versions, provider errors.

let ai: FakeAiProvider;
let target: LoopbackServer;
let app: Awaited<ReturnType<typeof startRouteServer>>;
let a: { accountId: string; token: string };
let b: { accountId: string; token: string };
let agentId = "";

const TOKEN = "tok_chat_secret_Zq81x";
const BOOK_PARAMS = { type: "object", properties: { people: { type: "integer" }, time: { type: "string" } }, required: ["people"] };
const post = (handler: Parameters<typeof call>[0], body: unknown, token = a.token, params: Record<string, string> = {}) =>
  call(handler, "POST", "/", { token, body, params });

function chatRaw(body: unknown, id = agentId, token = a.token) {
  return fetch(`${app.origin}/api/agent/${id}/test-chat`, {
    method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body),
  });
}

async function chat(body: unknown): Promise<{ events: ChatEvent[]; raw: string }> {
  const res = await chatRaw(body);
  expect(res.status, await res.clone().text()).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const raw = await res.clone().text();
  const events: ChatEvent[] = [];
  await readChatEvents(res, (ev) => events.push(ev));
  return { events, raw };
}

const agentBody = (prompt: string) => {
  const agent = bolnaExampleAgent();
  agent.agent_config.agent_welcome_message = "Hello {guest}, how can I help?";
  agent.agent_prompts.task_1.system_prompt = prompt;
  return agent;
};

beforeAll(async () => {
  ai = await startFakeAiProvider();
  // The tool target echoes the Authorization it got: the stream must still never show the token.
  target = await startLoopbackServer((req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ booked: true, table: 12, seen: req.headers.authorization ?? null }));
  });
  await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1" });
  app = await startRouteServer([[/^\/api\/agent\/(?<id>[^/]+)\/test-chat$/, chatRoute]]);
  a = await newAccountWithToken("Chat A");
  b = await newAccountWithToken("Chat B");
  const tool = await post(toolsRoute.POST, {
    tools: [{ type: "function", function: { name: "book_table", description: "Books a table", parameters: BOOK_PARAMS } }],
    tools_params: { book_table: { method: "POST", url: `${target.origin}/book`, api_token: TOKEN } },
  });
  expect(tool.status).toBe(201);
  const agent = agentBody("You take bookings for {guest} at {place}.");
  (agent.agent_config.tasks[0].tools_config as Record<string, unknown>).api_tools = { api_tool_ids: [tool.json.data.id] };
  const created = await post(agentRoute.POST, agent);
  expect(created.status).toBe(201);
  agentId = created.json.agent_id;
  // Version 2: another prompt, same tools.
  agent.agent_prompts.task_1.system_prompt = "Version two prompt for {guest}.";
  expect((await call(agentById.PUT, "PUT", "/", { token: a.token, params: { id: agentId }, body: agent })).status).toBe(200);
}, 60_000);
afterAll(async () => {
  await Promise.all([ai?.close(), target?.close(), app?.close()]);
});

describe("agent test chat", () => {
  it("422 while the account has no AI provider", async () => {
    const res = await chatRaw({ messages: [{ role: "user", content: "hi" }] });
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toMatch(/no AI provider/);
    expect((await post(providersRoute.POST, { name: "Fake", base_url: ai.baseUrl, api_key: ai.apiKey, model: "fake-small" })).status).toBe(201);
  });

  it("no messages: the welcome with its variables filled, then done, and no provider call", async () => {
    const before = ai.completions().length;
    const { events } = await chat({ variables: { guest: "Ann" }, messages: [] });
    expect(events).toEqual([
      { type: "welcome", text: "Hello Ann, how can I help?" },
      { type: "done", version: 2, reply: "Hello Ann, how can I help?" },
    ]);
    expect(ai.completions().length).toBe(before);
  });

  it("streams the reply in pieces from the version's prompt with {variables} filled, welcome first", async () => {
    ai.script({ text: "Sure, a table for two at the Ritz. Anything else?" });
    const { events } = await chat({ variables: { guest: "Ann", place: "the Ritz" }, version: 1, messages: [{ role: "user", content: "A table please" }] });
    const deltas = events.filter((e) => e.type === "text");
    expect(deltas.length).toBeGreaterThan(3); // the fake cuts content into 7-character chunks
    expect(deltas.map((e) => (e as { delta: string }).delta).join("")).toBe("Sure, a table for two at the Ritz. Anything else?");
    expect(events.at(-1)).toEqual({ type: "done", version: 1, reply: "Sure, a table for two at the Ritz. Anything else?" });
    const sent = ai.completions().at(-1) as { messages: { role: string; content: unknown }[]; stream: boolean; tools?: unknown[] };
    expect(sent.stream).toBe(true);
    expect(sent.messages.slice(0, 3)).toEqual([
      { role: "system", content: "You take bookings for Ann at the Ritz." },
      { role: "assistant", content: "Hello Ann, how can I help?" },
      { role: "user", content: "A table please" },
    ]);
    expect(sent.tools).toEqual([{ type: "function", function: expect.objectContaining({ name: "book_table", description: "Books a table", parameters: expect.objectContaining({ required: ["people"] }) }) }]);
  });

  it("a client that kept the welcome as the first message does not send it twice", async () => {
    ai.script({ text: "ok" });
    await chat({ variables: { guest: "Ann" }, messages: [{ role: "assistant", content: "Hello Ann, how can I help?" }, { role: "user", content: "hi" }] });
    const sent = (ai.completions().at(-1) as { messages: { role: string }[] }).messages;
    expect(sent.map((m) => m.role)).toEqual(["system", "assistant", "user"]);
  });

  it("the newest version's prompt by default", async () => {
    ai.script({ text: "v2" });
    const { events } = await chat({ variables: { guest: "Bo" }, messages: [{ role: "user", content: "hi" }] });
    expect(events.at(-1)).toMatchObject({ type: "done", version: 2, reply: "v2" });
    expect((ai.completions().at(-1) as { messages: { content: string }[] }).messages[0].content).toBe("Version two prompt for Bo.");
  });

  it("a tool call runs for real against the target with the token injected; its result goes back to the model; the token is never shown", async () => {
    ai.script({ toolCalls: [{ name: "book_table", arguments: { people: 2, time: "19:00" } }] }, { text: "Booked: table 12." });
    const before = target.requests.length;
    const { events, raw } = await chat({ variables: { guest: "Ann" }, messages: [{ role: "user", content: "Two at seven" }] });
    expect(target.requests.length - before).toBe(1);
    const hit = target.requests.at(-1)!;
    expect(hit.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(JSON.parse(hit.body)).toEqual({ people: 2, time: "19:00" });
    const call1 = events.find((e) => e.type === "tool_call");
    expect(call1).toEqual({ type: "tool_call", id: expect.any(String), tool_id: expect.any(String), name: "book_table", args: { people: 2, time: "19:00" } });
    const result = events.find((e) => e.type === "tool_result");
    expect(result).toMatchObject({
      type: "tool_result", id: (call1 as { id: string }).id, name: "book_table", ok: true, http_status: 200, duration_ms: expect.any(Number),
      request: { method: "POST", url: `${target.origin}/book`, body: { people: 2, time: "19:00" } }, response: { booked: true, table: 12 },
    });
    expect(events.map((e) => e.type)).toEqual(["tool_call", "tool_result", ...events.slice(2, -1).map(() => "text"), "done"]);
    expect(events.at(-1)).toMatchObject({ type: "done", reply: "Booked: table 12." });
    expect(raw).not.toContain(TOKEN);
    // The second completion carries the call and its result.
    const second = ai.completions().at(-1) as { messages: { role: string; content: unknown; tool_call_id?: string; tool_calls?: unknown[] }[] };
    const toolMsg = second.messages.find((m) => m.role === "tool")!;
    expect(toolMsg.tool_call_id).toBe((call1 as { id: string }).id);
    expect(JSON.parse(String(toolMsg.content))).toMatchObject({ http_status: 200, response: { booked: true, table: 12 } });
    expect(JSON.stringify(second)).not.toContain(TOKEN);
    expect(second.messages.some((m) => m.role === "assistant" && Array.isArray(m.tool_calls))).toBe(true);
  });

  it("arguments that break the tool's schema are refused without sending, and the model is told why", async () => {
    ai.script({ toolCalls: [{ name: "book_table", arguments: { time: "19:00" } }] }, { text: "How many people?" });
    const before = target.requests.length;
    const { events } = await chat({ messages: [{ role: "user", content: "Book" }] });
    expect(target.requests.length).toBe(before);
    expect(events.find((e) => e.type === "tool_result")).toMatchObject({ ok: false, http_status: null, response: { error: expect.stringMatching(/people/) } });
    expect(JSON.stringify(ai.completions().at(-1))).toMatch(/nothing was sent/);
  });

  it("a model that keeps calling tools stops after 5 steps", async () => {
    const again = { toolCalls: [{ name: "book_table", arguments: { people: 1 } }] };
    ai.script(again, again, again, again, again); // a sixth would be the default "ok", never asked for
    const [hits, asked] = [target.requests.length, ai.completions().length];
    const { events } = await chat({ messages: [{ role: "user", content: "Loop" }] });
    expect(ai.completions().length - asked).toBe(5);
    expect(target.requests.length - hits).toBe(5);
    expect(events.filter((e) => e.type === "tool_result")).toHaveLength(5);
    expect(events.at(-1)).toMatchObject({ type: "done", reply: "" });
  });

  it("a client that goes away cancels the provider's answer", async () => {
    ai.script({ text: "A long think", firstTokenMs: 5000 });
    const [asked, cancelled] = [ai.completions().length, ai.cancelled];
    const gone = new AbortController();
    const res = fetch(`${app.origin}/api/agent/${agentId}/test-chat`, {
      method: "POST", headers: { authorization: `Bearer ${a.token}`, "content-type": "application/json" },
      body: JSON.stringify({ messages: [{ role: "user", content: "hi" }] }), signal: gone.signal,
    }).catch(() => null);
    await expect.poll(() => ai.completions().length).toBe(asked + 1);
    gone.abort();
    await res;
    await expect.poll(() => ai.cancelled, { timeout: 2000 }).toBe(cancelled + 1);
  });

  it("a provider failure is an error event in words, ending the stream", async () => {
    const logged = vi.spyOn(console, "error");
    for (const [status, words] of [[500, /provider failed \(HTTP 500\)/], [401, /refused the API key/]] as const) {
      ai.script({ status, message: `upstream says ${ai.apiKey}` });
      const { events, raw } = await chat({ messages: [{ role: "user", content: "hi" }] });
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ type: "error", message: expect.stringMatching(words) });
      expect(raw).not.toContain(ai.apiKey);
    }
    // Nor in the logs: the provider's error body echoed the key.
    expect(JSON.stringify(logged.mock.calls.map((c) => c.map(String)))).not.toContain(ai.apiKey);
    logged.mockRestore();
  });

  // In a fresh minute: the limit counts per clock minute, and a boundary between the calls would reset it.
  it("counts against the tool-test rate limit per account: 429 past it, before anything is called", () => inFreshMinute(async () => {
    const [c, d] = [await newAccountWithToken("Chat C"), await newAccountWithToken("Chat D")];
    process.env.TOOL_TEST_RATE_LIMIT_PER_MINUTE = "2";
    resetConfigForTests();
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await chatRaw({ messages: [] }, agentId, c.token)).status);
      expect(statuses).toEqual([404, 404, 429]);
      expect((await chatRaw({ messages: [] }, agentId, d.token)).status).toBe(404); // another account's budget: not limited
    } finally {
      delete process.env.TOOL_TEST_RATE_LIMIT_PER_MINUTE;
      resetConfigForTests();
    }
  }));

  it("404 for another account's agent or a version that does not exist; 400 naming the field", async () => {
    const other = await chatRaw({ messages: [] }, agentId, b.token);
    expect(other.status).toBe(404);
    expect((await chatRaw({ version: 9, messages: [] })).status).toBe(404);
    const bad = async (body: unknown, path: string) => {
      const res = await chatRaw(body);
      expect(res.status, path).toBe(400);
      const json = await res.json();
      expect(json.errors.map((e: { path: string }) => e.path), JSON.stringify(json)).toContain(path);
    };
    await bad({ messages: [{ role: "robot", content: "hi" }] }, "messages[0].role");
    await bad({ messages: [{ role: "user" }] }, "messages[0].content");
    await bad({}, "messages");
    await bad({ messages: [{ role: "user", content: "hi" }, { role: "assistant", content: "yo" }] }, "messages[1].role");
    await bad({ variables: { guest: 3 }, messages: [] }, "variables.guest");
  });
});
