import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as invitesRoute from "@/app/api/members/invites/route";
import { resetConfigForTests } from "@/lib/core/config";
import { reachableFromInternet } from "@/lib/engines/webhook-reach";
import { startFakeBolna, type FakeBolna } from "@/lib/testing/fake-bolna";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import * as enginesRoute from "./route";
import * as engineById from "./[engine_id]/route";

// Without PUBLIC_URL, links for other people and engines use the origin the request was sent to;
// X-Forwarded-Host/-Proto count only from a trusted proxy, and the console tells a local origin
// (which an engine on the internet cannot post to) from a public one.
let bolna: FakeBolna;
let a: { accountId: string; token: string };
let engineId = "";

beforeAll(async () => {
  bolna = await startFakeBolna();
  await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", RATE_LIMIT_PER_MINUTE: "100000", TRUST_PROXY: "off" });
  a = await newAccountWithToken("Public origin");
  const made = await call(enginesRoute.POST, "POST", "/api/engines", { token: a.token, body: { name: "Bolna", provider: "bolna", base_url: bolna.origin, api_key: bolna.apiKey } });
  expect(made.status).toBe(201);
  engineId = made.json.engine_id;
});
afterAll(async () => {
  delete process.env.PUBLIC_URL;
  delete process.env.TRUST_PROXY;
  resetConfigForTests();
  await bolna?.close();
});

const engine = async (headers: Record<string, string>) =>
  (await call(engineById.GET, "GET", "/", { token: a.token, params: { engine_id: engineId }, headers })).json;
const withEnv = (env: Record<string, string | undefined>) => {
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k]; else process.env[k] = v;
  resetConfigForTests();
};

describe("links for other people and engines without PUBLIC_URL", () => {
  it("use the request's Host and flag a local one as unreachable", async () => {
    const local = await engine({ host: "127.0.0.1:3000" });
    expect(local.webhook_url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/api\/webhooks\/bolna\//);
    expect(reachableFromInternet(local.webhook_url)).toBe(false);
    for (const host of ["localhost:3000", "10.1.2.3", "[::1]:3000", "voxdesk.local", "intranet"]) expect(reachableFromInternet((await engine({ host })).webhook_url)).toBe(false);
    const pub = await engine({ host: "voxdesk.example.com" });
    expect(pub.webhook_url).toMatch(/^http:\/\/voxdesk\.example\.com\/api\/webhooks\/bolna\//);
    expect(reachableFromInternet(pub.webhook_url)).toBe(true);
    // A Host no URL can hold is not a 500: the URL the server parsed stands in.
    expect((await engine({ host: "bad host^" })).webhook_url).toMatch(/^http:\/\/localhost:3000\//);
  });

  it("believe X-Forwarded-Host and -Proto only with TRUST_PROXY", async () => {
    const forwarded = { host: "127.0.0.1:3000", "x-forwarded-host": "attacker.example", "x-forwarded-proto": "https" };
    expect((await engine(forwarded)).webhook_url).toMatch(/^http:\/\/127\.0\.0\.1:3000\//);
    const invite = await call(invitesRoute.POST, "POST", "/api/members/invites", { token: a.token, headers: forwarded, body: { email: "new@origin.test", role: "viewer" } });
    expect(invite.status).toBe(201);
    expect(invite.json.invite_url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/invite\//);
    withEnv({ TRUST_PROXY: "1" });
    const trusted = await engine(forwarded);
    expect(trusted.webhook_url).toMatch(/^https:\/\/attacker\.example\/api\/webhooks\/bolna\//);
    expect(reachableFromInternet(trusted.webhook_url)).toBe(true);
    withEnv({ TRUST_PROXY: "off" });
  });

  it("PUBLIC_URL wins over every header", async () => {
    withEnv({ PUBLIC_URL: "https://voxdesk.example.org" });
    const e = await engine({ host: "127.0.0.1:3000", "x-forwarded-host": "attacker.example" });
    expect(e.webhook_url).toMatch(/^https:\/\/voxdesk\.example\.org\/api\/webhooks\/bolna\//);
        withEnv({ PUBLIC_URL: undefined });
  });
});
