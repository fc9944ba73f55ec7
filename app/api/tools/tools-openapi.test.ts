import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getOpenApiDocument } from "@/lib/openapi/document";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { echoHandler, sendJson, startLoopbackServer, type LoopbackServer } from "@/lib/testing/loopback-server";
import { checkResponse, compileSchema, missingHeaders, requestSchema } from "@/lib/testing/openapi";
import * as toolsRoute from "./route";
import * as toolById from "./[tool_id]/route";
import * as toolTest from "./[tool_id]/test/route";
import { registration } from "./tools-fixtures";

// The OpenAPI document describes what the tool handlers really answer: every status below is a
// real answer, validated with ajv against the documented schema for that status.

const doc = getOpenApiDocument();
let token = "";
let target: LoopbackServer;

type Res = Awaited<ReturnType<typeof call>>;
function expectDocumented(path: string, method: string, res: Res) {
  expect(checkResponse(doc, path, method, res.status, res.json), `${method.toUpperCase()} ${path} → ${res.status}`).toEqual([]);
  expect(missingHeaders(doc, path, method, res.status, res.headers)).toEqual([]);
}

beforeAll(async () => {
  await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", TOOL_TEST_TIMEOUT_MS: "500" });
  token = (await newAccountWithToken()).token;
  target = await startLoopbackServer((req, res, body) => {
    if (req.url?.startsWith("/fail")) return sendJson(res, 500, { error: "boom" });
    if (req.url?.startsWith("/hang")) return;
    return echoHandler(req, res, body);
  });
});

afterAll(async () => {
  await target.close();
});

async function register(name: string, url: string) {
  const res = await call(toolsRoute.POST, "POST", "/api/tools", { token, body: registration([name], { method: "POST", url, api_token: "tok_openapi_abcdefgh" }) });
  expectDocumented("/tools", "post", res);
  return res.json.data.id as string;
}

describe("tool answers match the OpenAPI document", () => {
  it("registration, list, detail with history, patch, delete and their errors", async () => {
    const id = await register("documented", `${target.origin}/ok`);
    expectDocumented("/tools", "post", await call(toolsRoute.POST, "POST", "/api/tools", { token, body: registration(["documented"]) }));
    expectDocumented("/tools", "post", await call(toolsRoute.POST, "POST", "/api/tools", { token, body: { tools: [] } }));
    expectDocumented("/tools", "get", await call(toolsRoute.GET, "GET", "/api/tools?limit=1", { token }));
    const p = { token, params: { tool_id: id } };
    await call(toolTest.POST, "POST", "/", { ...p, body: { city: "ok" } });
    await call(toolById.PATCH, "PATCH", "/", { ...p, body: { tools_params: { url: `${target.origin}/hang` } } });
    await call(toolTest.POST, "POST", "/", { ...p, body: { city: "slow" } });
    const detail = await call(toolById.GET, "GET", "/", p);
    expect(detail.json.data.tests).toHaveLength(2);
    expectDocumented("/tools/{tool_id}", "get", detail);
    expectDocumented("/tools/{tool_id}", "patch", await call(toolById.PATCH, "PATCH", "/", { ...p, body: { isActive: true } }));
    expectDocumented("/tools/{tool_id}", "patch", await call(toolById.PATCH, "PATCH", "/", { ...p, body: {} }));
    expectDocumented("/tools/{tool_id}", "delete", await call(toolById.DELETE, "DELETE", "/", p));
    expectDocumented("/tools/{tool_id}", "get", await call(toolById.GET, "GET", "/", p));
  });

  it.each([
    ["success", "/ok", 200],
    ["target error", "/fail", 200],
    ["timeout", "/hang", 408],
    ["unreachable", "closed", 424],
  ])("test: %s", async (label, path, status) => {
    const url = path === "closed" ? "http://127.0.0.1:1/" : `${target.origin}${path}`;
    const id = await register(`t_${label.replace(/\W/g, "_")}`, url);
    const res = await call(toolTest.POST, "POST", "/", { token, params: { tool_id: id }, body: { city: "x" } });
    expect(res.status).toBe(status);
    expectDocumented("/tools/{tool_id}/test", "post", res);
  });

  it("test: blocked, invalid parameters, unknown tool", async () => {
    const blocked = await register("t_blocked", "http://127.0.0.2:9/");
    const res = await call(toolTest.POST, "POST", "/", { token, params: { tool_id: blocked }, body: { city: "x" } });
    expect(res.status).toBe(422);
    expectDocumented("/tools/{tool_id}/test", "post", res);
    const bad = await call(toolTest.POST, "POST", "/", { token, params: { tool_id: blocked }, body: { nope: 1 } });
    expect(bad.status).toBe(400);
    expectDocumented("/tools/{tool_id}/test", "post", bad);
    const missing = await call(toolTest.POST, "POST", "/", { token, params: { tool_id: "nope" }, body: {} });
    expectDocumented("/tools/{tool_id}/test", "post", missing);
  });

  it("the documented request body accepts the registration example's shape", () => {
    const validate = compileSchema(doc, requestSchema(doc, "/tools", "post"));
    expect(validate(registration(["example"]))).toBe(true);
    expect(validate({ tools_params: {} })).toBe(false);
  });
});
