import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { echoHandler, startLoopbackServer, type LoopbackServer } from "@/lib/testing/loopback-server";
import * as toolsRoute from "./route";
import * as toolById from "./[tool_id]/route";
import * as toolTest from "./[tool_id]/test/route";
import { registration } from "./tools-fixtures";

// A tool's stored api_token is bound to the origin it was given for. Both
// servers listen on 127.0.0.1 (allowlisted), on different ports: different origins.
const TOKEN = "tok_bound_to_origin_Wq83Lz";
let a: { accountId: string; token: string };
let home: LoopbackServer;
let elsewhere: LoopbackServer;

beforeAll(async () => {
  await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", TOOL_TEST_RATE_LIMIT_PER_MINUTE: "1000" });
  a = await newAccountWithToken("Binding");
  home = await startLoopbackServer(echoHandler);
  elsewhere = await startLoopbackServer(echoHandler);
});
afterAll(async () => Promise.all([home, elsewhere].map((s) => s.close())));

async function tool(name: string, apiToken: string | undefined = TOKEN) {
  const body = registration([name], { method: "POST", url: `${home.origin}/v1/run`, ...(apiToken && { api_token: apiToken }) });
  const res = await call(toolsRoute.POST, "POST", "/api/tools", { token: a.token, body });
  expect(res.status).toBe(201);
  return res.json.data.id as string;
}

const patch = (id: string, body: unknown) => call(toolById.PATCH, "PATCH", "/", { token: a.token, params: { tool_id: id }, body });
const get = async (id: string) => (await call(toolById.GET, "GET", "/", { token: a.token, params: { tool_id: id } })).json.data;
const runTest = (id: string) => call(toolTest.POST, "POST", "/", { token: a.token, params: { tool_id: id }, body: { city: "Oslo" } });

describe("PATCH /api/tools/{id}: the stored api_token stays with its origin", () => {
  it("moving the URL to another origin without the token is a 422 naming api_token, and nothing changes", async () => {
    const id = await tool("bound_move");
    const before = await get(id);
    const res = await patch(id, { description: "changed too", tools_params: { url: `${elsewhere.origin}/collect` } });
    expect(res.status).toBe(422);
    expect(res.json.success).toBe(false);
    expect(res.json.message).toContain("tools_params.api_token");
    expect(res.json.message).toMatch(/send api_token again/);
    expect(res.json.errors).toEqual([{ path: "tools_params.api_token", message: expect.stringContaining("origin") }]);
    // Atomic: neither the URL nor the other field in the same PATCH was written.
    const after = await get(id);
    expect(after).toMatchObject({ url: before.url, description: before.description, updatedAt: before.updatedAt, api_token_hint: before.api_token_hint });
    // The next test still goes home with the token; the other server never hears of it.
    expect((await runTest(id)).status).toBe(200);
    expect(home.requests.at(-1)?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(elsewhere.connections).toBe(0);
  });

  it("a port, scheme or host change is another origin; a new path on the same origin keeps the token", async () => {
    const id = await tool("bound_path");
    const port = new URL(home.origin).port;
    for (const url of [`https://127.0.0.1:${port}/v1/run`, `http://localhost:${port}/v1/run`]) {
      expect((await patch(id, { tools_params: { url } })).status).toBe(422);
    }
    const moved = await patch(id, { tools_params: { url: `${home.origin}/v2/other?x=1` } });
    expect(moved.status).toBe(200);
    expect(moved.json.data.api_token_hint).not.toBeNull();
    expect((await runTest(id)).status).toBe(200);
    expect(home.requests.at(-1)).toMatchObject({ url: "/v2/other?x=1", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(elsewhere.connections).toBe(0);
  });

  it("another origin is accepted with a new token, or with the token removed, or when there is none", async () => {
    const id = await tool("bound_rekey");
    const rekeyed = await patch(id, { tools_params: { url: `${elsewhere.origin}/hook`, api_token: "tok_new_for_elsewhere_91" } });
    expect(rekeyed.status).toBe(200);
    expect((await runTest(id)).status).toBe(200);
    expect(elsewhere.requests.at(-1)?.headers.authorization).toBe("Bearer tok_new_for_elsewhere_91");

    const cleared = await tool("bound_clear");
    const res = await patch(cleared, { tools_params: { url: `${elsewhere.origin}/open`, api_token: null } });
    expect(res.status).toBe(200);
    expect(res.json.data.api_token_hint).toBeNull();
    expect((await runTest(cleared)).status).toBe(200);
    expect(elsewhere.requests.at(-1)?.headers.authorization).toBeUndefined();

    const tokenless = await tool("bound_none", "");
    expect((await patch(tokenless, { tools_params: { url: `${elsewhere.origin}/free` } })).status).toBe(200);
  });
});
