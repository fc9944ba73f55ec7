import type http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { echoHandler, sendJson, startLoopbackServer, type LoopbackServer } from "@/lib/testing/loopback-server";
import * as toolsRoute from "./route";
import * as toolById from "./[tool_id]/route";
import * as toolTest from "./[tool_id]/test/route";
import { containsSecret, storedBytes, registration } from "./tools-fixtures";

// Real targets on 127.0.0.1 (allowlisted for this file) and traps on 127.0.0.2 and ::1 (never
// allowlisted: a connection there means the SSRF guard failed).
const TOKEN = "tok_tooltest_plaintext_Hk4Vb2";
const MiB = 1024 * 1024;
let dbFile = "";
let a: { accountId: string; token: string };
let target: LoopbackServer;
const traps: LoopbackServer[] = [];
let closedPort = 0;
let hugeBytesSent = 0;
const bodies: string[] = [];

function streamHuge(_req: http.IncomingMessage, res: http.ServerResponse) {
  res.writeHead(200, { "content-type": "application/json" });
  const chunk = Buffer.alloc(64 * 1024, "a");
  let closed = false;
  res.on("close", () => { closed = true; });
  const pump = () => {
    while (!closed && hugeBytesSent < 64 * MiB) {
      hugeBytesSent += chunk.length;
      if (!res.write(chunk)) return void res.once("drain", pump);
    }
    if (!closed) res.end();
  };
  pump();
}

beforeAll(async () => {
  dbFile = await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", TOOL_TEST_TIMEOUT_MS: "1000", TOOL_TEST_RATE_LIMIT_PER_MINUTE: "1000" });
  a = await newAccountWithToken("A");
  traps.push(await startLoopbackServer(echoHandler, { host: "127.0.0.2" }));
  traps.push(await startLoopbackServer(echoHandler, { host: "::1", port: traps[0].port }));
  target = await startLoopbackServer((req, res, body) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (path === "/fail") return sendJson(res, 500, { error: "database exploded" });
    if (path === "/text") return void res.writeHead(200, { "content-type": "text/plain" }).end("plain words");
    if (path === "/hang") return; // never answers
    if (path === "/slow") return void setTimeout(() => echoHandler(req, res, body), 40);
    if (path === "/huge") return streamHuge(req, res);
    if (path === "/to-trap") return void res.writeHead(302, { location: `${traps[0].origin}/landing` }).end();
    return echoHandler(req, res, body);
  });
  const gone = await startLoopbackServer(echoHandler);
  closedPort = gone.port;
  await gone.close();
});

afterAll(async () => {
  await Promise.all([target, ...traps].map((s) => s.close()));
});

async function tool(name: string, entry: { method?: string; url: string; api_token?: string }, parameters?: Record<string, unknown>) {
  const body = registration([name], { method: "POST", ...entry });
  if (parameters) body.tools[0].function.parameters = parameters;
  const res = await call(toolsRoute.POST, "POST", "/api/tools", { token: a.token, body });
  expect(res.status).toBe(201);
  return res.json.data.id as string;
}

async function runTest(id: string, params: unknown) {
  const res = await call(toolTest.POST, "POST", "/", { token: a.token, params: { tool_id: id }, body: params });
  bodies.push(JSON.stringify(res.json));
  return res;
}

const trapConnections = () => traps.reduce((n, t) => n + t.connections, 0);

describe("POST /api/tools/{id}/test against real targets", () => {
  it("POSTs the parameters as JSON with the bearer token and reports the answer", async () => {
    const id = await tool("create_booking", { method: "POST", url: `${target.origin}/bookings?v=1`, api_token: TOKEN });
    const res = await runTest(id, { city: "Lyon", days: 2 });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, message: expect.stringContaining("200") });
    const d = res.json.data;
    expect(Object.keys(d).sort()).toEqual([
      "duration_ms", "http_status", "request_method", "request_url", "response_data", "test_params", "test_status", "tested_at", "tool_id", "tool_name",
    ]);
    expect(d).toMatchObject({
      tool_id: id, tool_name: "create_booking", test_status: "success", http_status: 200, request_method: "POST",
      request_url: `${target.origin}/bookings?v=1`, test_params: { city: "Lyon", days: 2 },
      response_data: { method: "POST", url: "/bookings?v=1", authorization: "Bearer [redacted]" },
    });
    expect(d.tested_at).toMatch(/Z$/);
    expect(Number.isInteger(d.duration_ms)).toBe(true);
    const sent = target.requests.at(-1)!;
    expect(JSON.parse(sent.body)).toEqual({ city: "Lyon", days: 2 });
    expect(sent.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(sent.headers["content-type"]).toBe("application/json");
    expect(sent.headers["user-agent"]).toMatch(/^Voxdesk-Tool-Tester\/\d+\.\d+\.\d+/);
  });

  it("duration_ms is the time the target took to answer, within the time the whole test call took", async () => {
    const id = await tool("slow_lookup", { method: "POST", url: `${target.origin}/slow` });
    const started = performance.now();
    const res = await runTest(id, { city: "Lyon", days: 1 });
    const elapsed = performance.now() - started;
    expect(res.json.data.test_status).toBe("success");
    expect(res.json.data.duration_ms).toBeGreaterThanOrEqual(40); // the target waits 40 ms
    expect(res.json.data.duration_ms).toBeLessThanOrEqual(Math.ceil(elapsed));
  });

  it("GET puts the parameters in the query string and sends no body; no token, no Authorization", async () => {
    const id = await tool("get_weather", { method: "GET", url: `${target.origin}/weather` });
    const res = await runTest(id, { city: "Saint Étienne", date: "2025-03-04" });
    expect(res.json.data.request_url).toBe(`${target.origin}/weather?city=Saint+%C3%89tienne&date=2025-03-04`);
    const sent = target.requests.at(-1)!;
    expect(sent).toMatchObject({ method: "GET", url: "/weather?city=Saint+%C3%89tienne&date=2025-03-04", body: "" });
    expect(sent.headers.authorization).toBeUndefined();
  });

  it("refuses missing, unexpected and mistyped parameters with a 400 and sends nothing", async () => {
    const id = await tool("strict_tool", { url: `${target.origin}/strict`, api_token: TOKEN });
    const before = target.requests.length;
    const res = await runTest(id, { days: "three", colour: "red", date: "soon" });
    expect(res.status).toBe(400);
    expect(res.json.success).toBe(false);
    expect(res.json.message).toMatch(/missing: city/);
    expect(res.json.message).toMatch(/unexpected: colour/);
    expect(res.json.message).toMatch(/mistyped: days/);
    expect(res.json.errors.map((e: { path: string }) => e.path).sort()).toEqual(["city", "colour", "date", "days"]);
    for (const body of [[1, 2], "city", null]) expect((await runTest(id, body)).status).toBe(400);
    expect(target.requests.length).toBe(before);
  });

  it("allows undeclared parameters when the schema allows additional properties", async () => {
    const id = await tool("open_tool", { url: `${target.origin}/open` }, { type: "object", properties: {}, additionalProperties: true });
    const res = await runTest(id, { anything: { nested: [1] } });
    expect(res.status).toBe(200);
  });

  it("reports a 500 from the target as test_status error (not an error of ours)", async () => {
    const id = await tool("flaky", { url: `${target.origin}/fail` });
    const res = await runTest(id, { city: "x" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, data: { test_status: "error", http_status: 500, response_data: { error: "database exploded" } } });
  });

  it("wraps a body that is not JSON as {raw}", async () => {
    const id = await tool("texty", { method: "GET", url: `${target.origin}/text` });
    expect((await runTest(id, { city: "x" })).json.data.response_data).toEqual({ raw: "plain words" });
  });

  it("ends a hanging target in a timeout: 408 with what is known", async () => {
    const id = await tool("sleepy", { url: `${target.origin}/hang` });
    const started = Date.now();
    const res = await runTest(id, { city: "x" });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.status).toBe(408);
    expect(res.json).toMatchObject({
      success: false, message: expect.stringMatching(/timed out/i),
      data: { test_status: "timeout", http_status: null, request_method: "POST", request_url: `${target.origin}/hang`, test_params: { city: "x" } },
    });
    expect(res.json.data.tested_at).toMatch(/Z$/);
  });

  it("cuts off a 64 MiB answer (424 too_large) and keeps serving", async () => {
    const id = await tool("firehose", { method: "GET", url: `${target.origin}/huge` });
    const res = await runTest(id, { city: "x" });
    expect(res.status).toBe(424);
    expect(res.json.data.test_status).toBe("too_large");
    expect(hugeBytesSent).toBeLessThan(16 * MiB);
    const again = await runTest(await tool("after_firehose", { url: `${target.origin}/ok` }), { city: "y" });
    expect(again.status).toBe(200);
  });

  it("reports a refused connection as unreachable (424)", async () => {
    const id = await tool("nobody_home", { url: `http://127.0.0.1:${closedPort}/x` });
    const res = await runTest(id, { city: "x" });
    expect(res.status).toBe(424);
    expect(res.json).toMatchObject({ success: false, data: { test_status: "unreachable" } });
  });

  it.each([
    ["127.0.0.2", () => `http://127.0.0.2:${traps[0].port}/`],
    ["[::1]", () => `http://[::1]:${traps[0].port}/`],
    ["0x7f000002", () => `http://0x7f000002:${traps[0].port}/`],
    ["IPv4-mapped [::ffff:127.0.0.2]", () => `http://[::ffff:127.0.0.2]:${traps[0].port}/`],
    ["a redirect into 127.0.0.2", () => `${target.origin}/to-trap`],
  ])("blocks %s with 422 before connecting", async (label, url) => {
    const before = trapConnections();
    const id = await tool(`blocked_${label.replace(/[^a-z0-9]/gi, "_")}`, { url: url(), api_token: TOKEN });
    const res = await runTest(id, { city: "x" });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ success: false, message: expect.stringMatching(/blocked/i), data: { test_status: "blocked" } });
    expect(trapConnections()).toBe(before);
  });

  it("refuses an inactive tool with 400 and sends nothing", async () => {
    const id = await tool("dormant", { url: `${target.origin}/dormant` });
    await call(toolById.PATCH, "PATCH", "/", { token: a.token, params: { tool_id: id }, body: { isActive: false } });
    const before = target.requests.length;
    const res = await runTest(id, { city: "x" });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, message: expect.stringMatching(/inactive/) });
    expect(target.requests.length).toBe(before);
  });
});

describe("test history", () => {
  it("updates lastTested/testStatus and appends every run, newest first", async () => {
    const id = await tool("history_tool", { url: `${target.origin}/ok` });
    const p = { token: a.token, params: { tool_id: id } };
    expect((await call(toolById.GET, "GET", "/", p)).json.data).toMatchObject({ lastTested: null, testStatus: "untested", tests: [] });
    const first = await runTest(id, { city: "one" });
    await call(toolById.PATCH, "PATCH", "/", { ...p, body: { tools_params: { url: `${target.origin}/fail` } } });
    const second = await runTest(id, { city: "two" });
    const got = (await call(toolById.GET, "GET", "/", p)).json.data;
    expect(got).toMatchObject({ lastTested: second.json.data.tested_at, testStatus: "error" });
    expect(got.tests.map((t: { test_status: string }) => t.test_status)).toEqual(["error", "success"]);
    expect(got.tests[1]).toMatchObject({
      tested_at: first.json.data.tested_at, http_status: 200, request_method: "POST", test_params: { city: "one" },
      request_url: `${target.origin}/ok`,
    });
    const listed = (await call(toolsRoute.GET, "GET", "/api/tools?q=history_tool", { token: a.token })).json.data[0];
    expect(listed).toMatchObject({ testStatus: "error", lastTested: second.json.data.tested_at });
  });
});

describe("the api_token", () => {
  it("never comes back in a test answer, even when pasted into the parameters, and is not in the DB file", async () => {
    const id = await tool("paste_tool", { url: `${target.origin}/paste`, api_token: TOKEN },
      { type: "object", properties: { note: { type: "string" } } });
    const res = await runTest(id, { note: `my token is ${TOKEN}` });
    expect(res.json.data.test_params.note).toBe("my token is [redacted]");
    expect(target.requests.at(-1)!.body).toContain(TOKEN); // it was sent: the user asked for it
    for (const body of bodies) expect(body).not.toContain(TOKEN);
    const history = await call(toolById.GET, "GET", "/", { token: a.token, params: { tool_id: id } });
    expect(JSON.stringify(history.json)).not.toContain(TOKEN);
    expect(containsSecret(await storedBytes(dbFile), TOKEN)).toBe(false);
  });
});
