import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "@/lib/people/password";
import { canSetRole, ROLES, type Role } from "@/lib/people/roles";
import { createUser } from "@/lib/people/db/users";
import { newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { startRouteServer } from "@/lib/testing/route-server";
import * as member from "@/app/api/members/[user_id]/route";
import * as resetLink from "@/app/api/members/[user_id]/reset-link/route";
import * as invites from "@/app/api/members/invites/route";
import * as session from "@/app/api/session/route";

// One rule for who may give whom which role (lib/people/roles.ts), and the member routes keep it.

const PW = "Tr0ub4dor&3-roles-pw";
let server: Awaited<ReturnType<typeof startRouteServer>>;
let accountId = "";
const cookies: Partial<Record<Role, string>> = {};

describe("canSetRole", () => {
  it("viewers and editors manage nobody, owners everybody, admins everything without the owner role on either side", () => {
    const sides = [null, ...ROLES];
    for (const actor of ROLES) for (const from of sides) for (const to of sides) {
      const want = actor === "owner" || (actor === "admin" && from !== "owner" && to !== "owner");
      expect(canSetRole(actor, from, to), `${actor}: ${from} → ${to}`).toBe(want);
    }
    // A stored role this version does not know is treated as owner.
    expect([canSetRole("admin", "superuser", "viewer"), canSetRole("owner", "superuser", "viewer")]).toEqual([false, true]);
  });
});

describe("the member routes over HTTP", () => {
  beforeAll(async () => {
    await useTempDatabase({ RATE_LIMIT_PER_MINUTE: "100000" });
    ({ accountId } = await newAccountWithToken());
    server = await startRouteServer([
      [/^\/api\/session$/, session], [/^\/api\/members\/invites$/, invites],
      [/^\/api\/members\/(?<user_id>[^/]+)\/reset-link$/, resetLink], [/^\/api\/members\/(?<user_id>[^/]+)$/, member],
    ]);
    for (const role of ["owner", "admin", "editor"] as const) {
      await createUser({ accountId, email: `${role}@roles.test`, name: role, passwordHash: await hashPassword(PW), role });
      const res = await fetch(`${server.origin}/api/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: `${role}@roles.test`, password: PW }) });
      cookies[role] = /voxdesk_session=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")![1];
    }
  });
  afterAll(() => server?.close());

  const send = (who: Role, method: string, path: string, body?: unknown) =>
    fetch(`${server.origin}${path}`, {
      method, body: body === undefined ? undefined : JSON.stringify(body),
      headers: { cookie: `voxdesk_session=${cookies[who]}`, origin: server.origin, "content-type": "application/json" },
    }).then((r) => r.status);
  const target = async (role: Role) =>
    (await createUser({ accountId, email: `${role}-${crypto.randomUUID()}@roles.test`, name: role, passwordHash: await hashPassword(PW), role })).user_id;

  it("PATCH, DELETE, invites and reset links answer as canSetRole says", async () => {
    const cases: [Role, Role, Role | null, number][] = [
      // actor, member's role, new role (null: remove), status
      ["admin", "editor", "admin", 200], ["admin", "editor", "owner", 403], ["admin", "owner", "viewer", 403],
      ["owner", "owner", "admin", 200], ["owner", "viewer", "owner", 200], ["editor", "viewer", "editor", 403],
      ["admin", "owner", null, 403], ["admin", "admin", null, 204], ["owner", "owner", null, 204],
    ];
    for (const [actor, from, to, status] of cases) {
      const id = await target(from);
      const got = to === null ? await send(actor, "DELETE", `/api/members/${id}`) : await send(actor, "PATCH", `/api/members/${id}`, { role: to });
      expect(got, `${actor}: ${from} → ${to}`).toBe(status);
    }
    expect(await send("admin", "POST", "/api/members/invites", { email: "o@new.test", role: "owner" })).toBe(403);
    expect(await send("admin", "POST", "/api/members/invites", { email: "a@new.test", role: "admin" })).toBe(201);
    expect(await send("owner", "POST", "/api/members/invites", { email: "o@new.test", role: "owner" })).toBe(201);
    expect(await send("admin", "POST", `/api/members/${await target("owner")}/reset-link`)).toBe(403);
    expect(await send("admin", "POST", `/api/members/${await target("admin")}/reset-link`)).toBe(201);
    expect(await send("owner", "POST", `/api/members/${await target("owner")}/reset-link`)).toBe(201);
  });
});
