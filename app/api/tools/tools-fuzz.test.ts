import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import * as toolsRoute from "./route";
import * as toolById from "./[tool_id]/route";
import * as toolTest from "./[tool_id]/test/route";
import { registration } from "./tools-fixtures";

// Malformed input is the caller's problem: it must get a 4xx, never a 5xx. No allowlist here,
// and the tool points at 127.0.0.2, so nothing a test sends can leave the guard.
let token = "";
let toolId = "";

beforeAll(async () => {
  await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "", TOOL_TEST_RATE_LIMIT_PER_MINUTE: "100000" });
  token = (await newAccountWithToken("fuzz")).token;
  const res = await call(toolsRoute.POST, "POST", "/api/tools", {
    token, body: registration(["fuzz_target"], { method: "POST", url: "http://127.0.0.2:9/never" }),
  });
  toolId = res.json.data.id;
});

// A valid registration with one spot replaced by arbitrary JSON.
const mutated = fc.tuple(
  fc.constantFrom(
    ["tools"], ["tools", 0], ["tools", 0, "type"], ["tools", 0, "function"], ["tools", 0, "function", "name"],
    ["tools", 0, "function", "parameters"], ["tools", 0, "function", "parameters", "properties"],
    ["tools", 0, "function", "parameters", "properties", "city"], ["tools", 0, "function", "parameters", "required"],
    ["tools_params"], ["tools_params", "mut"], ["tools_params", "mut", "url"], ["tools_params", "mut", "method"],
    ["tools_params", "mut", "api_token"], ["category"], ["tags"],
  ),
  fc.jsonValue({ maxDepth: 4 }),
).map(([path, value]) => {
  const body = structuredClone(registration(["mut"])) as Record<string, unknown>;
  let at: Record<string | number, unknown> = body;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path[path.length - 1]] = value;
  return body;
});

describe("no 5xx for malformed tool requests", () => {
  it("POST /api/tools with arbitrary JSON or a mutated valid body", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue({ maxDepth: 5 }), mutated), async (body) => {
        const res = await call(toolsRoute.POST, "POST", "/api/tools", { token, body });
        expect(res.status, JSON.stringify(res.json)).toBeLessThan(500);
        if (res.status === 201) {
          for (const t of res.json.tools) await call(toolById.DELETE, "DELETE", "/", { token, params: { tool_id: t.id } });
        }
      }),
      { numRuns: 150 },
    );
  });

  it("POST /api/tools/{id}/test and PATCH with arbitrary JSON", async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 5 }), async (body) => {
        const tested = await call(toolTest.POST, "POST", "/", { token, params: { tool_id: toolId }, body });
        expect(tested.status, JSON.stringify(tested.json)).toBeLessThan(500);
        const patched = await call(toolById.PATCH, "PATCH", "/", { token, params: { tool_id: toolId }, body });
        expect(patched.status, JSON.stringify(patched.json)).toBeLessThan(500);
      }),
      { numRuns: 100 },
    );
  });

  it("refuses JSON nested 100k levels deep with a 400, in a schema and in test parameters", async () => {
    // Built as text: JSON.stringify itself would overflow on such a value.
    const nested = "[".repeat(100_000) + "]".repeat(100_000);
    const headers = { "content-type": "application/json" };
    const rawBody = `{"tools":[{"type":"function","function":{"name":"deep_tool","description":"d","parameters":`
      + `{"type":"object","properties":{"a":${nested}}}}}],"tools_params":{"deep_tool":{"url":"https://x.example.test/"}}}`;
    const reg = await call(toolsRoute.POST, "POST", "/api/tools", { token, rawBody, headers });
    expect(reg.status).toBe(400);
    expect(reg.json.message).toMatch(/deeper than 32/);
    const tested = await call(toolTest.POST, "POST", "/", { token, params: { tool_id: toolId }, rawBody: `{"city":${nested}}`, headers });
    expect(tested.status).toBe(400);
    expect(tested.json.message).toMatch(/deeper than 32/);
  });
});
