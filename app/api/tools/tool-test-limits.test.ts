import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/core/config";
import { accountsWithStaleTokens, resealStaleTokens } from "@/lib/tools/db/tokens";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { echoHandler, startLoopbackServer, type LoopbackServer } from "@/lib/testing/loopback-server";
import { inFreshMinute } from "@/lib/testing/minute-clock";
import * as toolsRoute from "./route";
import * as toolTest from "./[tool_id]/test/route";
import { registration } from "./tools-fixtures";

const KEY_1 = crypto.randomBytes(32).toString("base64");
const KEY_2 = crypto.randomBytes(32).toString("base64");
const TOKEN = "tok_limits_plaintext_Zr8Wc1";
let target: LoopbackServer;

beforeAll(async () => {
  await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", TOOL_TEST_RATE_LIMIT_PER_MINUTE: "5", SECRET_KEY: KEY_1 });
  target = await startLoopbackServer(echoHandler);
});

afterAll(async () => {
  await target.close();
});

function setEnv(env: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetConfigForTests();
}

async function newTool(token: string, name: string) {
  const res = await call(toolsRoute.POST, "POST", "/api/tools", { token, body: registration([name], { method: "POST", url: `${target.origin}/t`, api_token: TOKEN }) });
  expect(res.status).toBe(201);
  return res.json.data.id as string;
}
const runTest = (token: string, id: string, body: unknown) => call(toolTest.POST, "POST", "/", { token, params: { tool_id: id }, body });

describe("tool test limits", () => {
  it("rate-limits tests per account (TOOL_TEST_RATE_LIMIT_PER_MINUTE) with 429 and Retry-After", () => inFreshMinute(async () => {
    const { token } = await newAccountWithToken("busy");
    const other = await newAccountWithToken("neighbour");
    const id = await newTool(token, "busy_tool");
    for (let i = 0; i < 5; i++) expect((await runTest(token, id, { city: "x" })).status).toBe(200);
    const limited = await runTest(token, id, { city: "x" });
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({ success: false, message: expect.stringContaining("5") });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another account has its own budget.
    expect((await runTest(other.token, await newTool(other.token, "calm_tool"), { city: "x" })).status).toBe(200);
  }));

  it("refuses parameters larger than 64 KiB with 413 and sends nothing", async () => {
    const { token } = await newAccountWithToken("bulky");
    const id = await newTool(token, "bulky_tool");
    const before = target.requests.length;
    const res = await runTest(token, id, { city: "x".repeat(70 * 1024) });
    expect(res.status).toBe(413);
    expect(res.json.success).toBe(false);
    expect(target.requests.length).toBe(before);
  });
});

describe("SECRET_KEY rotation", () => {
  it("needs the old key as SECRET_KEY_PREVIOUS until tokens are re-sealed", async () => {
    const acct = await newAccountWithToken("rotating");
    const id = await newTool(acct.token, "rotating_tool");

    setEnv({ SECRET_KEY: KEY_2, SECRET_KEY_PREVIOUS: undefined });
    const lost = await runTest(acct.token, id, { city: "x" });
    expect(lost.status).toBe(409);
    expect(lost.json.message).toMatch(/SECRET_KEY_PREVIOUS/);
    expect(JSON.stringify(lost.json)).not.toContain(KEY_1);

    setEnv({ SECRET_KEY_PREVIOUS: KEY_1 });
    expect((await runTest(acct.token, id, { city: "x" })).status).toBe(200);
    expect(target.requests.at(-1)!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(await accountsWithStaleTokens()).toContain(acct.accountId);
    expect(await resealStaleTokens(acct.accountId)).toBe(1);
    expect(await accountsWithStaleTokens()).not.toContain(acct.accountId);

    setEnv({ SECRET_KEY_PREVIOUS: undefined });
    expect((await runTest(acct.token, id, { city: "y" })).status).toBe(200);
    expect(target.requests.at(-1)!.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });
});
