import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as enginesRoute from "@/app/api/engines/route";
import { startFakeBolna, type FakeBolna } from "@/lib/testing/fake-bolna";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { inFreshMinute } from "@/lib/testing/minute-clock";
import { startRouteServer } from "@/lib/testing/route-server";
import * as webhook from "./[secret]/route";

// The secret in the path is checked before the body is read (a wrong secret with any
// body is the 404 of an unknown path, never a 400 or 413 that tells the path apart), and each
// engine's deliveries are rate limited.

const LIMIT = 5;
const big = () => new Uint8Array(new ArrayBuffer(50_000)).fill(0x20);
let bolna: FakeBolna;
let app: Awaited<ReturnType<typeof startRouteServer>>;
const secrets: string[] = [];

const deliver = (secret: string, body: string | Uint8Array<ArrayBuffer>, type = "application/json") =>
  fetch(`${app.origin}/api/webhooks/bolna/${secret}`, { method: "POST", body, headers: { "content-type": type } });

beforeAll(async () => {
  bolna = await startFakeBolna();
  app = await startRouteServer([[/^\/api\/webhooks\/(?<provider>[^/]+)\/(?<secret>[^/]+)$/, webhook]]);
  await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", PUBLIC_URL: app.origin, MAX_BODY_BYTES: "2000", WEBHOOK_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  const { token } = await newAccountWithToken();
  for (const name of ["One", "Two"]) {
    const res = await call(enginesRoute.POST, "POST", "/api/engines", { token, body: { name, base_url: bolna.origin, api_key: bolna.apiKey } });
    expect(res.status).toBe(201);
    secrets.push(String(res.json.webhook_url).split("/").pop()!);
  }
});
afterAll(async () => {
  await bolna?.close();
  await app?.close();
});

describe("webhook secret before body", () => {
  it.each([
    ["malformed JSON", "{not json", "application/json"],
    ["an oversized body", big(), "application/json"],
    ["a wrong content type", "hello", "text/plain"],
    ["a deeply nested body", "[".repeat(10_000), "application/json"],
    ["a valid execution", JSON.stringify({ id: "x", agent_id: "y", status: "completed" }), "application/json"],
  ])("a wrong secret with %s is 404", async (_, body, type) => {
    for (const secret of ["wrong-secret", "x".repeat(400), secrets[0].slice(0, -1)]) {
      const res = await deliver(secret, body, type);
      expect(res.status).toBe(404);
    }
  });

  it("the right secret still reads and checks the body", async () => {
    expect((await deliver(secrets[1], "{not json")).status).toBe(400);
    expect((await deliver(secrets[1], big())).status).toBe(413);
  });
});

describe("webhook rate limit", () => {
  it(`answers 429 with Retry-After past ${LIMIT} deliveries a minute for one engine, others unaffected`, () => inFreshMinute(async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) statuses.push((await deliver(secrets[0], "{}")).status);
    expect(statuses.every((s) => s !== 429)).toBe(true);
    const limited = await deliver(secrets[0], "{}");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await deliver(secrets[1], "{}")).status).toBe(400); // the other engine: its own count
    expect((await deliver("wrong-secret", "{}")).status).toBe(404); // a stranger learns nothing
  }));
});
