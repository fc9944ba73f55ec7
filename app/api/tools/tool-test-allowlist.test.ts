import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/core/config";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { echoHandler, startLoopbackServer, type LoopbackServer } from "@/lib/testing/loopback-server";
import * as toolsRoute from "./route";
import * as toolTest from "./[tool_id]/test/route";
import { registration } from "./tools-fixtures";

// An allowlist entry that names a port admits that port only, and a refusal
// never tells the caller what a name resolved to. Both servers are on 127.0.0.1, other ports.
let a: { accountId: string; token: string };
let open: LoopbackServer;
let other: LoopbackServer;

beforeAll(async () => {
  open = await startLoopbackServer(echoHandler);
  other = await startLoopbackServer(echoHandler);
  await useTempDatabase({ TOOL_TARGET_ALLOWLIST: `127.0.0.1:${open.port}`, TOOL_TEST_RATE_LIMIT_PER_MINUTE: "1000" });
  a = await newAccountWithToken("Allowlist");
});
afterAll(async () => Promise.all([open, other].map((s) => s.close())));

async function testTool(name: string, url: string) {
  const reg = await call(toolsRoute.POST, "POST", "/api/tools", { token: a.token, body: registration([name], { method: "GET", url }) });
  expect(reg.status).toBe(201);
  return call(toolTest.POST, "POST", "/", { token: a.token, params: { tool_id: reg.json.data.id }, body: { city: "Rome" } });
}

describe("TOOL_TARGET_ALLOWLIST entries with a port", () => {
  it("127.0.0.1:<port> admits that port, by IP and by a name resolving there, and no other port", async () => {
    expect((await testTool("port_open", `${open.origin}/x`)).status).toBe(200);
    expect((await testTool("port_open_by_name", `http://localhost:${open.port}/x`)).status).toBe(200);
    for (const [name, url] of [["port_other", `${other.origin}/x`], ["port_other_by_name", `http://localhost:${other.port}/x`]]) {
      const res = await testTool(name, url);
      expect(res.status, url).toBe(422);
      expect(res.json.data.test_status).toBe("blocked");
    }
    expect(other.connections).toBe(0);
  });
});

describe("outbound errors carry no DNS answers", () => {
  it("a name resolving to a refused address is named, its addresses are not", async () => {
    process.env.TOOL_TARGET_ALLOWLIST = "";
    resetConfigForTests();
    const res = await testTool("dns_quiet", `http://localhost:${open.port}/x`);
    expect(res.status).toBe(422);
    expect(res.json.message).toMatch(/^Blocked: localhost is not a public address/);
    expect(JSON.stringify(res.json)).not.toMatch(/127\.0\.0\.1|::1|loopback/);
  });
});
