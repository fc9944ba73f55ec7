import { beforeAll, describe, expect, it } from "vitest";
import * as audit from "@/app/api/audit/route";
import * as keys from "@/app/api/keys/route";
import * as session from "@/app/api/session/route";
import { db } from "@/lib/core/client";
import { getOpenApiDocument } from "@/lib/openapi/document";
import { createUser } from "@/lib/people/db/users";
import { hashPassword } from "@/lib/people/password";
import { PRICING_DEFAULTS } from "@/lib/pricing/schema";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import * as pricing from "./route";

// The account's price table through the real handlers: defaults until changed, every bad rate
// named, admins alone change it, and one account's table is its own.

const ORIGIN = { origin: "http://localhost:3000", host: "localhost:3000" };
const RATES = { stt_per_minute: 0.01, tts_per_1k_characters: 0.03, llm_per_1m_input_tokens: 2.5, llm_per_1m_output_tokens: 10 };
let a: { accountId: string; token: string };
let b: { accountId: string; token: string };
const sessions: Record<string, string> = {};
let readOnlyKey = "";

const get = (token: string) => call(pricing.GET, "GET", "/api/pricing", { token });
const put = (token: string, body: unknown) => call(pricing.PUT, "PUT", "/api/pricing", { token, body });
const asMember = (role: string, method: "GET" | "PUT", body?: unknown) =>
  call(pricing[method], method, "/api/pricing", { body, headers: { cookie: `voxdesk_session=${sessions[role]}`, ...ORIGIN } });

beforeAll(async () => {
  await useTempDatabase({ RATE_LIMIT_PER_MINUTE: "100000" });
  a = await newAccountWithToken("Pricing A");
  b = await newAccountWithToken("Pricing B");
  const passwordHash = await hashPassword("correct horse battery");
  for (const role of ["viewer", "editor", "admin"] as const) {
    await createUser({ accountId: a.accountId, email: `${role}@pricing.test`, name: role, passwordHash, role });
    const res = await call(session.POST, "POST", "/api/session", { body: { email: `${role}@pricing.test`, password: "correct horse battery" } });
    sessions[role] = /voxdesk_session=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")![1];
  }
  readOnlyKey = (await call(keys.POST, "POST", "/api/keys", { token: a.token, body: { name: "ro", scope: "read_only" } })).json.key;
});

describe("GET /api/pricing", () => {
  it("answers the defaults, with updated_at null, for an account that never changed them", async () => {
    const res = await get(b.token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ...PRICING_DEFAULTS, updated_at: null, defaults: PRICING_DEFAULTS });
    expect(await db().selectFrom("account_pricing").selectAll().where("account_id", "=", b.accountId).execute()).toEqual([]);
  });
});

describe("PUT /api/pricing", () => {
  it("is a 400 naming each bad field, and writes nothing", async () => {
    const res = await put(a.token, { stt_per_minute: -0.01, tts_per_1k_characters: "0.03", llm_per_1m_input_tokens: 20_000, surcharge: 1 });
    expect(res.status).toBe(400);
    const byPath = Object.fromEntries((res.json.errors as { path: string; message: string }[]).map((e) => [e.path, e.message]));
    expect(byPath).toEqual({
      stt_per_minute: "must be 0 or more (USD)",
      tts_per_1k_characters: "must be a number (USD)",
      llm_per_1m_input_tokens: "must be at most 10000 (USD)",
      llm_per_1m_output_tokens: "is required (USD)",
      surcharge: "unknown field",
    });
    expect(res.json.message).toContain("stt_per_minute");
    expect((await get(a.token)).json.updated_at).toBeNull();
    expect((await call(pricing.PUT, "PUT", "/api/pricing", { token: a.token, rawBody: "[1]", headers: { "content-type": "application/json" } })).status).toBe(400);
  });

  it("replaces the whole table, which GET then answers; zero is a price; the change is audited", async () => {
    const res = await put(a.token, RATES);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ...RATES, defaults: PRICING_DEFAULTS });
    expect(Date.parse(res.json.updated_at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await get(a.token)).json).toEqual(res.json);

    const free = { ...RATES, stt_per_minute: 0 };
    expect((await put(a.token, free)).json).toMatchObject(free);
    expect((await get(a.token)).json).toMatchObject(free);
    expect(await db().selectFrom("account_pricing").select("account_id").where("account_id", "=", a.accountId).execute()).toHaveLength(1);
    expect((await put(a.token, RATES)).status).toBe(200);

    const entries = (await call(audit.GET, "GET", "/api/audit?limit=50", { token: a.token })).json.entries as { action: string }[];
    expect(entries.filter((e) => e.action === "pricing.update")).toHaveLength(3);
  });

  it("needs admin: viewers and editors read it and get 403 on a change, with nothing written", async () => {
    const before = (await get(a.token)).json;
    for (const role of ["viewer", "editor"]) {
      expect((await asMember(role, "GET")).json).toEqual(before);
      const res = await asMember(role, "PUT", { ...RATES, stt_per_minute: 9 });
      expect(res.status, role).toBe(403);
      expect(res.json.message).toMatch(/admin or higher/);
    }
    expect((await call(pricing.GET, "GET", "/api/pricing", { token: readOnlyKey })).status).toBe(200);
    expect((await call(pricing.PUT, "PUT", "/api/pricing", { token: readOnlyKey, body: RATES })).status).toBe(403);
    expect((await get(a.token)).json).toEqual(before);

    const admin = await asMember("admin", "PUT", { ...RATES, tts_per_1k_characters: 0.05 });
    expect(admin.status).toBe(200);
    expect(admin.json.tts_per_1k_characters).toBe(0.05);
    expect((await put(a.token, RATES)).status).toBe(200);
  });

  it("is the caller's account's table alone", async () => {
    const mineBefore = (await get(a.token)).json;
    expect((await get(b.token)).json.updated_at).toBeNull();
    const theirs = { stt_per_minute: 1, tts_per_1k_characters: 1, llm_per_1m_input_tokens: 1, llm_per_1m_output_tokens: 1 };
    expect((await put(b.token, theirs)).status).toBe(200);
    expect((await get(b.token)).json).toMatchObject(theirs);
    expect((await get(a.token)).json).toEqual(mineBefore);
  });

  it("is documented: GET for every role, PUT for admins with its 400 and 403", () => {
    const doc = getOpenApiDocument();
    const path = doc.paths["/pricing"];
    expect(Object.keys(path).sort()).toEqual(["get", "put"]);
    expect(Object.keys(path.put.responses)).toEqual(expect.arrayContaining(["200", "400", "403"]));
    expect(path.put.responses["403"].description).toContain("admin");
    expect(doc.components.schemas.CallRecord.required).toContain("cost_estimated");
  });
});
