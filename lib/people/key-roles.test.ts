import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "@/lib/people/password";
import { createUser } from "@/lib/people/db/users";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import * as keys from "@/app/api/keys/route";
import * as member from "@/app/api/members/[user_id]/route";
import * as members from "@/app/api/members/route";
import * as invites from "@/app/api/members/invites/route";
import * as resetLink from "@/app/api/members/[user_id]/reset-link/route";
import * as session from "@/app/api/session/route";
import * as agents from "@/app/api/agent/route";
import * as reset from "@/app/auth/reset-password/route";

// A key acts for the member who made it, never above that member's role now;
// a reset link is void once its member's role changed. Real route handlers, real database.

const PW = "Tr0ub4dor&3-unique-pw";
const ORIGIN = { origin: "http://localhost:3000", host: "localhost:3000" };
let accountId = "";
let cliToken = "";
const ids: Record<"owner" | "admin" | "editor", string> = { owner: "", admin: "", editor: "" };
const cookies: Record<string, string> = {};
let ip = 0;

const cookieOf = (res: { headers: Headers }) => /voxdesk_session=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1] ?? "";
const as = (who: string) => ({ headers: { cookie: `voxdesk_session=${cookies[who]}`, ...ORIGIN } });
const signIn = async (body: object) =>
  cookieOf(await call(session.POST, "POST", "/api/session", { body, headers: { "x-forwarded-for": `10.19.0.${++ip}` } }));
const newKey = async (auth: { token?: string; headers?: Record<string, string> }, scope: "full" | "read_only", name = `k${++ip}`) => {
  const res = await call(keys.POST, "POST", "/api/keys", { ...auth, body: { name, scope } });
  expect(res.status).toBe(201);
  return res.json as { key: string; key_id: string; role: string; account_level: boolean };
};
const whoAmI = async (token: string) => {
  const res = await call(session.GET, "GET", "/api/session", { token });
  return res.status === 200 ? res.json.role : res.status;
};
const setRole = (userId: string, role: string, auth: { token?: string; headers?: Record<string, string> } = { token: cliToken }) =>
  call(member.PATCH, "PATCH", "/api/members/x", { ...auth, params: { user_id: userId }, body: { role } });
const listed = async (keyId: string) =>
  (await call(keys.GET, "GET", "/api/keys", { token: cliToken })).json.keys.find((k: { key_id: string }) => k.key_id === keyId);

beforeAll(async () => {
  await useTempDatabase({ RATE_LIMIT_PER_MINUTE: "100000" });
  ({ accountId, token: cliToken } = await newAccountWithToken());
  for (const role of ["owner", "admin", "editor"] as const) {
    ids[role] = (await createUser({ accountId, email: `${role}@keys.test`, name: role, passwordHash: await hashPassword(PW), role })).user_id;
    cookies[role] = await signIn({ email: `${role}@keys.test`, password: PW });
  }
});

describe("a key acts with at most its creator's role", () => {
  it("an admin's full key is admin: it cannot promote its maker, demote an owner or invite an owner", async () => {
    const made = await newKey(as("admin"), "full");
    expect((await setRole(ids.admin, "owner", { token: made.key })).status).toBe(403);
    expect((await setRole(ids.owner, "editor", { token: made.key })).status).toBe(403);
    const invite = await call(invites.POST, "POST", "/api/members/invites", { token: made.key, body: { email: "boss@keys.test", role: "owner" } });
    expect(invite.status).toBe(403);
    expect(await whoAmI(made.key)).toBe("admin");
    expect(made).toMatchObject({ role: "admin", account_level: false });
    // Admin things still work with it.
    expect((await call(members.GET, "GET", "/api/members", { token: made.key })).status).toBe(200);
    // A key made with that key acts for the same admin, not for the account.
    const child = await newKey({ token: made.key }, "full");
    expect(child).toMatchObject({ role: "admin", account_level: false });
    expect(await whoAmI(child.key)).toBe("admin");
    expect(await listed(child.key_id)).toMatchObject({ created_by: "admin@keys.test", role: "admin", account_level: false });
  });

  it("demoting the maker lowers the key at once, for Bearer use and for a console session signed in with it", async () => {
    const u = await createUser({ accountId, email: "demoted@keys.test", name: "D", passwordHash: await hashPassword(PW), role: "admin" });
    cookies.demoted = await signIn({ email: "demoted@keys.test", password: PW });
    const made = await newKey(as("demoted"), "full");
    const viaKey = await signIn({ token: made.key });
    expect(await whoAmI(made.key)).toBe("admin");
    expect((await setRole(u.user_id, "editor")).status).toBe(200);
    expect(await whoAmI(made.key)).toBe("editor");
    expect((await call(members.GET, "GET", "/api/members", { token: made.key })).status).toBe(403);
    expect((await call(session.GET, "GET", "/api/session", { headers: { cookie: `voxdesk_session=${viaKey}` } })).json.role).toBe("editor");
    expect(await listed(made.key_id)).toMatchObject({ role: "editor", created_by: "demoted@keys.test" });
    // Promoting back raises it again: the role is read at every request, never copied.
    expect((await setRole(u.user_id, "admin")).status).toBe(200);
    expect(await whoAmI(made.key)).toBe("admin");
  });

  it("removing the maker revokes the key: 401, its console session ends, and it leaves the list", async () => {
    const u = await createUser({ accountId, email: "leaver@keys.test", name: "L", passwordHash: await hashPassword(PW), role: "admin" });
    cookies.leaver = await signIn({ email: "leaver@keys.test", password: PW });
    const made = await newKey(as("leaver"), "full");
    const viaKey = await signIn({ token: made.key });
    expect((await call(member.DELETE, "DELETE", "/api/members/x", { token: cliToken, params: { user_id: u.user_id } })).status).toBe(204);
    expect(await whoAmI(made.key)).toBe(401);
    expect((await call(session.GET, "GET", "/api/session", { headers: { cookie: `voxdesk_session=${viaKey}` } })).status).toBe(401);
    expect(await listed(made.key_id)).toBeUndefined();
  });

  it("read_only is viewer whoever made it; an owner's full key is owner", async () => {
    const ro = await newKey(as("owner"), "read_only");
    expect(await whoAmI(ro.key)).toBe("viewer");
    expect(ro.role).toBe("viewer");
    const write = await call(agents.POST, "POST", "/api/agent", { token: ro.key, body: {} });
    expect([write.status, write.json.message]).toEqual([403, "This API key is read-only: it cannot change anything"]);
    const full = await newKey(as("owner"), "full");
    expect(await whoAmI(full.key)).toBe("owner");
  });

  it("a CLI token stays an account-level owner key, and keys it makes too; the list marks them", async () => {
    expect(await whoAmI(cliToken)).toBe("owner");
    const made = await newKey({ token: cliToken }, "full");
    expect(made).toMatchObject({ role: "owner", account_level: true });
    expect(await whoAmI(made.key)).toBe("owner");
    const all = (await call(keys.GET, "GET", "/api/keys", { token: cliToken })).json.keys as { created_by: string | null; account_level: boolean; role: string; name: string }[];
    const cli = all.filter((k) => k.name === "");
    expect(cli).toEqual([expect.objectContaining({ created_by: null, account_level: true, role: "owner" })]);
    expect(await listed(made.key_id)).toMatchObject({ created_by: null, account_level: true, role: "owner" });
    for (const k of all) expect(k.account_level).toBe(k.created_by === null);
  });
});

describe("password reset links", () => {
  it("a reset link made for an editor is void once that editor became owner", async () => {
    const link = await call(resetLink.POST, "POST", "/api/members/x/reset-link", { params: { user_id: ids.editor }, ...as("admin") });
    expect(link.status).toBe(201);
    const token = (link.json.reset_url as string).split("/").pop()!;
    expect((await setRole(ids.editor, "owner", as("owner"))).status).toBe(200);
    const used = await reset.POST(new Request("http://localhost:3000/auth/reset-password", {
      method: "POST", body: new URLSearchParams({ token, password: "taken-over-password-1" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", ...ORIGIN },
    }), { params: Promise.resolve({}) });
    expect(used.headers.get("location")).toMatch(/error=used$/);
    // The password is unchanged: the old one still signs in.
    expect(await signIn({ email: "editor@keys.test", password: PW })).not.toBe("");
  });
});
