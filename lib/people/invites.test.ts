import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "@/lib/people/password";
import { db } from "@/lib/core/client";
import { createUser } from "@/lib/people/db/users";
import { call, newAccountWithToken, useTempDatabase, usingPostgres } from "@/lib/testing/harness";
import * as invites from "@/app/api/members/invites/route";
import * as invite from "@/app/api/members/invites/[invite_id]/route";
import * as resetLink from "@/app/api/members/[user_id]/reset-link/route";
import * as session from "@/app/api/session/route";
import * as accept from "@/app/auth/accept-invite/route";
import * as auditExport from "@/app/api/audit/export/route";
import * as reset from "@/app/auth/reset-password/route";

// Invites and reset links: one-time links, hashes only in the database, the forms work
// as plain POSTs, and every step leaves an audit row.

const PW = "Tr0ub4dor&3-unique-pw";
const ORIGIN = { origin: "http://localhost:3000", host: "localhost:3000" };
let dbPath = "";
let accountId = "";
let otherToken = "";
const cookies: Record<"owner" | "admin" | "editor", string> = { owner: "", admin: "", editor: "" };
let adminId = "";

const cookieOf = (res: { headers: Headers }) => /voxdesk_session=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1] ?? "";
const as = (who: keyof typeof cookies) => ({ headers: { cookie: `voxdesk_session=${cookies[who]}`, ...ORIGIN } });
const tokenOf = (url: string) => url.split("/").pop()!;
const post = (handler: typeof accept.POST, path: string, fields: Record<string, string>, headers: Record<string, string> = ORIGIN) =>
  handler(new Request(`http://localhost:3000${path}`, {
    method: "POST", body: new URLSearchParams(fields).toString(), headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
  }), { params: Promise.resolve({}) });
const newInvite = (email: string, role: string, who: keyof typeof cookies = "admin") =>
  call(invites.POST, "POST", "/api/members/invites", { body: { email, role }, ...as(who) });
const auditActions = async () => (await db().selectFrom("audit_log").select("action").where("account_id", "=", accountId).execute()).map((r) => r.action);

beforeAll(async () => {
  dbPath = await useTempDatabase({ RATE_LIMIT_PER_MINUTE: "100000", PUBLIC_URL: "https://voxdesk.example.test" });
  ({ accountId } = await newAccountWithToken());
  ({ token: otherToken } = await newAccountWithToken("Other"));
  for (const role of ["owner", "admin", "editor"] as const) {
    const u = await createUser({ accountId, email: `${role}@invites.test`, name: role, passwordHash: await hashPassword(PW), role });
    if (role === "admin") adminId = u.user_id;
    const res = await call(session.POST, "POST", "/api/session", { body: { email: u.email, password: PW }, headers: { "x-forwarded-for": `10.9.0.${role.length}` } });
    cookies[role] = cookieOf(res);
  }
});

describe("invites", () => {
  it("admin invites, the person accepts by a plain form POST, is signed in with the role, and the link dies", async () => {
    const created = await newInvite("New.Person@invites.test", "viewer");
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ email: "new.person@invites.test", role: "viewer" });
    expect(created.json.invite_url).toMatch(/^https:\/\/voxdesk\.example\.test\/invite\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(created.json.invite_url);

    const pending = await call(invites.GET, "GET", "/api/members/invites", as("admin"));
    expect(pending.json.invites).toEqual([expect.objectContaining({ invite_id: created.json.invite_id, invited_by: "admin@invites.test" })]);
    expect(JSON.stringify(pending.json)).not.toContain(token);

    const short = await post(accept.POST, "/auth/accept-invite", { token, name: "New Person", password: "short" });
    expect(short.status).toBe(303);
    expect(short.headers.get("location")).toBe(`/invite/${token}?error=password`);

    const ok = await post(accept.POST, "/auth/accept-invite", { token, name: "New Person", password: PW });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/");
    const me = await call(session.GET, "GET", "/api/session", { headers: { cookie: `voxdesk_session=${cookieOf(ok)}`, ...ORIGIN } });
    expect(me.json).toMatchObject({ role: "viewer", via: "session" });

    const again = await post(accept.POST, "/auth/accept-invite", { token, name: "Someone else", password: PW });
    expect(again.headers.get("location")).toBe(`/invite/${token}?error=used`);
    expect((await call(invites.GET, "GET", "/api/members/invites", as("admin"))).json.invites).toEqual([]);
    expect(await auditActions()).toEqual(expect.arrayContaining(["members.invite", "members.invite_accept"]));

    // Only hashes: the token is nowhere in the database files.
    if (!usingPostgres()) {
      for (const f of [dbPath, `${dbPath}-wal`].filter((p) => fs.existsSync(p))) expect(fs.readFileSync(f).includes(token)).toBe(false);
    }
  });

  it("revoked and expired invites do not work; a form from another origin is refused", async () => {
    const a = await newInvite("revoked@invites.test", "editor");
    expect((await call(invite.DELETE, "DELETE", `/api/members/invites/${a.json.invite_id}`, { params: { invite_id: a.json.invite_id }, ...as("admin") })).status).toBe(204);
    const revoked = await post(accept.POST, "/auth/accept-invite", { token: tokenOf(a.json.invite_url), name: "R", password: PW });
    expect(revoked.headers.get("location")).toMatch(/error=used$/);

    const b = await newInvite("expired@invites.test", "viewer");
    await db().updateTable("member_links").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where("id", "=", b.json.invite_id).execute();
    expect((await post(accept.POST, "/auth/accept-invite", { token: tokenOf(b.json.invite_url), name: "E", password: PW })).headers.get("location")).toMatch(/error=used$/);

    const c = await newInvite("cross@invites.test", "viewer");
    const cross = await post(accept.POST, "/auth/accept-invite", { token: tokenOf(c.json.invite_url), name: "C", password: PW }, { origin: "https://evil.example", host: "localhost:3000" });
    expect(cross.headers.get("location")).toMatch(/error=origin$/);
    expect(cross.headers.get("set-cookie")).toBeNull();
  });

  it("enforces roles and tenancy: editors cannot invite, admins cannot invite owners, another account sees 404", async () => {
    expect((await newInvite("x@invites.test", "viewer", "editor")).status).toBe(403);
    expect((await newInvite("y@invites.test", "owner", "admin")).status).toBe(403);
    expect((await newInvite("y@invites.test", "owner", "owner")).status).toBe(201);
    expect((await newInvite("y@invites.test", "viewer", "owner")).status).toBe(409); // one pending invite per email
    expect((await newInvite("admin@invites.test", "viewer")).json.errors).toEqual([{ path: "email", message: "already a member" }]);
    const bad = await newInvite("not-an-email", "boss");
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((e: { path: string }) => e.path).sort()).toEqual(["email", "role"]);
    const mine = await newInvite("tenant@invites.test", "viewer");
    const theirs = await call(invite.DELETE, "DELETE", `/api/members/invites/${mine.json.invite_id}`, { token: otherToken, params: { invite_id: mine.json.invite_id } });
    expect(theirs.status).toBe(404);
  });
});

describe("password reset links", () => {
  it("a reset link sets a new password once and ends the member's sessions", async () => {
    const link = await call(resetLink.POST, "POST", `/api/members/${adminId}/reset-link`, { params: { user_id: adminId }, ...as("owner") });
    expect(link.status).toBe(201);
    expect(link.json.reset_url).toMatch(/\/reset\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(link.json.reset_url);
    const NEW = "a-brand-new-password-42";
    const done = await post(reset.POST, "/auth/reset-password", { token, password: NEW });
    expect(done.headers.get("location")).toBe("/login?notice=password-reset");
    // The admin's live session ended with the change; the new password signs in, the old one not.
    expect((await call(session.GET, "GET", "/api/session", as("admin"))).status).toBe(401);
    const signIn = (password: string) => call(session.POST, "POST", "/api/session", { body: { email: "admin@invites.test", password }, headers: { "x-forwarded-for": "10.9.1.1" } });
    expect((await signIn(PW)).status).toBe(401);
    expect((await signIn(NEW)).status).toBe(201);
    expect((await post(reset.POST, "/auth/reset-password", { token, password: "yet-another-password-1" })).headers.get("location")).toMatch(/error=used$/);
    expect(await auditActions()).toEqual(expect.arrayContaining(["members.reset_link", "members.password_reset"]));
  });

  it("an admin cannot mint a reset link for an owner", async () => {
    const admin = await call(session.POST, "POST", "/api/session", { body: { email: "admin@invites.test", password: "a-brand-new-password-42" }, headers: { "x-forwarded-for": "10.9.1.2" } });
    cookies.admin = cookieOf(admin);
    const owner = (await db().selectFrom("users").select("id").where("email", "=", "owner@invites.test").executeTakeFirstOrThrow()).id;
    expect((await call(resetLink.POST, "POST", `/api/members/${owner}/reset-link`, { params: { user_id: owner }, ...as("admin") })).status).toBe(403);
  });
});

describe("audit export", () => {
  it("streams the filtered log as CSV for admins, newest first, and refuses editors", async () => {
    const res = await call(auditExport.GET, "GET", "/api/audit/export?action=members.invite", as("owner"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (res.json as string).trim().split("\r\n");
    expect(lines[0]).toBe("at,actor_type,actor_id,actor_label,action,resource_type,resource_id,summary,ip");
    expect(lines.length).toBeGreaterThan(3);
    for (const l of lines.slice(1)) expect(l.split(",")[4]).toBe("members.invite");
    const at = lines.slice(1).map((l) => l.split(",")[0]);
    expect([...at].sort().reverse()).toEqual(at);
    expect((await call(auditExport.GET, "GET", "/api/audit/export", as("editor"))).status).toBe(403);
  });
});
