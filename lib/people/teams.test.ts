import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "@/lib/people/password";
import { db } from "@/lib/core/client";
import { createUser } from "@/lib/people/db/users";
import { call, newAccountWithToken, useTempDatabase, usingPostgres } from "@/lib/testing/harness";
import * as audit from "@/app/api/audit/route";
import * as keyOne from "@/app/api/keys/[key_id]/route";
import * as keys from "@/app/api/keys/route";
import * as member from "@/app/api/members/[user_id]/route";
import * as members from "@/app/api/members/route";
import * as agents from "@/app/api/agent/route";
import * as session from "@/app/api/session/route";
import * as form from "@/app/auth/sign-in/route";
import { inFreshMinute } from "@/lib/testing/minute-clock";

const PW = "Tr0ub4dor&3-unique-pw";
const ORIGIN = { origin: "http://localhost:3000", host: "localhost:3000" };
let dbPath = "";
let accountId = "";
let token = "";
let owner = { user_id: "" };
let viewer = { user_id: "" };

const signIn = (email: string, password: string, ip = "10.0.0.1") =>
  call(session.POST, "POST", "/api/session", { body: { email, password }, headers: { "x-forwarded-for": ip } });
const cookieOf = (res: { headers: Headers }) => /voxdesk_session=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")![1];
const asCookie = (c: string) => ({ cookie: `voxdesk_session=${c}`, ...ORIGIN });
const auditRows = () => db().selectFrom("audit_log").selectAll().where("account_id", "=", accountId).orderBy("id").execute();

beforeAll(async () => {
  // The clients here are told apart by X-Forwarded-For, as a trusted proxy would set it.
  dbPath = await useTempDatabase({ RATE_LIMIT_PER_MINUTE: "100000", TRUST_PROXY: "on" });
  ({ accountId, token } = await newAccountWithToken());
  owner = await createUser({ accountId, email: "Owner@Example.test", name: "Owner", passwordHash: await hashPassword(PW), role: "owner" });
  viewer = await createUser({ accountId, email: "viewer@example.test", name: "Viewer", passwordHash: await hashPassword(PW), role: "viewer" });
});

describe("passwords", () => {
  it("hashes with scrypt and salt, verifies in constant time, rejects others", async () => {
    const a = await hashPassword(PW);
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(a).not.toBe(await hashPassword(PW));
    expect(await verifyPassword(PW, a)).toBe(true);
    expect(await verifyPassword(PW + "x", a)).toBe(false);
    expect(await verifyPassword(PW, "garbage")).toBe(false);
  });
});

describe("sign-in", () => {
  it("signs in by email (any case) with a new session each time; wrong email and wrong password read the same", async () => {
    const a = await signIn("OWNER@example.test", PW);
    const b = await signIn("owner@example.test", PW);
    expect(a.status).toBe(201);
    expect(cookieOf(a)).not.toBe(cookieOf(b));
    const me = await call(session.GET, "GET", "/api/session", { headers: asCookie(cookieOf(a)) });
    expect(me.json).toMatchObject({ role: "owner", user_id: owner.user_id, via: "session" });
    const wrongPw = await signIn("owner@example.test", "nope", "10.0.0.2");
    const noUser = await signIn("nobody@example.test", PW, "10.0.0.2");
    expect([wrongPw.status, noUser.status]).toEqual([401, 401]);
    expect(wrongPw.json.message).toBe(noUser.json.message);
  });

  it("limits failures per IP and per email: the 11th answers 429 with Retry-After, even with the right password", () => inFreshMinute(async () => {
    for (let i = 0; i < 10; i++) expect((await signIn("viewer@example.test", "wrong", `10.1.0.${i}`)).status).toBe(401);
    const limited = await signIn("viewer@example.test", PW, "10.1.0.99");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    for (let i = 0; i < 10; i++) await signIn(`x${i}@example.test`, "wrong", "10.2.0.1");
    expect((await signIn("owner@example.test", PW, "10.2.0.1")).status).toBe(429);
    expect((await signIn("owner@example.test", PW, "10.2.0.2")).status).toBe(201);
  }));

  it("the form endpoint answers 303 with the cookie, or 303 back to /login with only an error code", async () => {
    const post = (body: string) => form.POST(new Request("http://localhost:3000/auth/sign-in", {
      method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded", ...ORIGIN, "x-forwarded-for": "10.3.0.1" },
    }), { params: Promise.resolve({}) });
    const ok = await post(`email=owner%40example.test&password=${encodeURIComponent(PW)}`);
    expect([ok.status, ok.headers.get("location")]).toEqual([303, "/"]);
    expect(ok.headers.get("set-cookie")).toMatch(/voxdesk_session=vs_.*HttpOnly/);
    const bad = await post(`token=sk_wrong_token_value`);
    expect([bad.status, bad.headers.get("location")]).toEqual([303, "/login?mode=token&error=invalid"]);
  });
});

describe("members", () => {
  it("removing a member ends their live session at once; the last owner stays", async () => {
    await createUser({ accountId, email: "viewer2@example.test", name: "V2", passwordHash: await hashPassword(PW), role: "viewer" });
    const v = cookieOf(await signIn("viewer2@example.test", PW, "10.4.0.1"));
    expect((await call(session.GET, "GET", "/api/session", { headers: asCookie(v) })).status).toBe(200);
    const list = await call(members.GET, "GET", "/api/members", { token });
    const v2 = list.json.members.find((m: { email: string }) => m.email === "viewer2@example.test");
    expect((await call(member.DELETE, "DELETE", "/api/members/x", { token, params: { user_id: v2.user_id } })).status).toBe(204);
    expect((await call(session.GET, "GET", "/api/session", { headers: asCookie(v) })).status).toBe(401);
    const last = await call(member.PATCH, "PATCH", "/api/members/x", { token, params: { user_id: owner.user_id }, body: { role: "admin" } });
    expect(last.status).toBe(409);
    expect((await call(member.DELETE, "DELETE", "/api/members/x", { token, params: { user_id: owner.user_id } })).status).toBe(409);
  });

  it("a role change applies to the next request of a live session", async () => {
    const u = await createUser({ accountId, email: "promote@example.test", name: "P", passwordHash: await hashPassword(PW), role: "viewer" });
    const c = cookieOf(await signIn("promote@example.test", PW, "10.5.0.1"));
    expect((await call(agents.POST, "POST", "/api/agent", { headers: asCookie(c), body: {} })).status).toBe(403);
    expect((await call(member.PATCH, "PATCH", "/api/members/x", { token, params: { user_id: u.user_id }, body: { role: "editor" } })).status).toBe(200);
    expect((await call(agents.POST, "POST", "/api/agent", { headers: asCookie(c), body: {} })).status).toBe(400);
  });
});

describe("API keys and the audit log", () => {
  it("creates (key shown once), lists without the key, revokes; a read-only key cannot write", async () => {
    const made = await call(keys.POST, "POST", "/api/keys", { token, body: { name: "CI", scope: "read_only" } });
    expect(made.status).toBe(201);
    expect(made.json.key).toMatch(/^sk_/);
    const list = await call(keys.GET, "GET", "/api/keys", { token });
    expect(JSON.stringify(list.json)).not.toContain(made.json.key);
    expect(list.json.keys.find((k: { key_id: string }) => k.key_id === made.json.key_id)).toMatchObject({ scope: "read_only", last4: made.json.key.slice(-4) });
    const write = await call(agents.POST, "POST", "/api/agent", { token: made.json.key, body: {} });
    expect([write.status, write.json.message]).toEqual([403, "This API key is read-only: it cannot change anything"]);
    expect((await call(keyOne.DELETE, "DELETE", "/api/keys/x", { token, params: { key_id: made.json.key_id } })).status).toBe(204);
    expect((await call(keys.GET, "GET", "/api/keys", { token: made.json.key })).status).toBe(401);
  });

  it("writes one row per change (sign-ins and failures included), none for reads, never a secret", async () => {
    const before = (await auditRows()).length;
    await call(keys.GET, "GET", "/api/keys", { token });
    await call(members.GET, "GET", "/api/members", { token });
    expect((await auditRows()).length).toBe(before);
    const made = await call(keys.POST, "POST", "/api/keys", { token, body: { name: "audit", scope: "full" } });
    await call(keyOne.DELETE, "DELETE", "/api/keys/x", { token, params: { key_id: made.json.key_id } });
    await call(member.PATCH, "PATCH", "/api/members/x", { token, params: { user_id: viewer.user_id }, body: { role: "editor" } });
    const rows = await auditRows();
    expect(rows.slice(before).map((r) => r.action)).toEqual(["keys.create", "keys.revoke", "members.role"]);
    expect(rows.slice(before)[0]).toMatchObject({ actor_type: "key", resource_type: "key", resource_id: made.json.key_id });
    const actions = new Set(rows.map((r) => r.action));
    expect(actions).toContain("session.create");
    expect(actions).toContain("session.failed");
    expect(JSON.stringify(rows)).not.toContain(made.json.key);
    expect(JSON.stringify(rows)).not.toContain(PW);
  });

  it("GET /api/audit pages by keyset without repeats and filters by action", async () => {
    const seen: string[] = [];
    let cursor = "";
    for (;;) {
      const res = await call(audit.GET, "GET", `/api/audit?limit=3${cursor ? `&cursor=${cursor}` : ""}`, { token });
      expect(res.status).toBe(200);
      seen.push(...res.json.entries.map((e: { id: string }) => e.id));
      if (!res.json.next_cursor) break;
      cursor = res.json.next_cursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe((await auditRows()).length);
    const only = await call(audit.GET, "GET", "/api/audit?action=keys.create", { token });
    expect(only.json.entries.every((e: { action: string }) => e.action === "keys.create")).toBe(true);
  });

  it("stores no plaintext password or key in the database", async () => {
    const users = await db().selectFrom("users").select("password_hash").execute();
    expect(JSON.stringify(users)).not.toContain(PW);
    if (!usingPostgres()) {
      const bytes = Buffer.concat([fs.readFileSync(dbPath), fs.existsSync(`${dbPath}-wal`) ? fs.readFileSync(`${dbPath}-wal`) : Buffer.alloc(0)]);
      expect(bytes.includes(Buffer.from(PW))).toBe(false);
    }
  });
});
