import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/core/config";
import { hashPassword } from "@/lib/people/password";
import { createLink } from "@/lib/people/db/member-links";
import { createUser } from "@/lib/people/db/users";
import { newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { startRouteServer } from "@/lib/testing/route-server";
import * as agents from "@/app/api/agent/route";
import * as accept from "@/app/auth/accept-invite/route";
import * as reset from "@/app/auth/reset-password/route";
import * as signIn from "@/app/auth/sign-in/route";

// One CSRF rule (lib/http/origin.ts) over real HTTP: a malformed Origin is refused, never a 500;
// `Origin: null` (sandboxed iframes, data: pages: login CSRF) is refused by the three forms.

const PW = "Tr0ub4dor&3-origin-pw";
const MALFORMED = ["http://[bad", "not a url", "http://", "javascript:alert(1)"];
let server: Awaited<ReturnType<typeof startRouteServer>>;
let accountId = "";
let ownerId = "";

const form = (path: string, fields: Record<string, string>, headers: Record<string, string>) =>
  fetch(`${server.origin}${path}`, {
    method: "POST", redirect: "manual", body: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
  });
const self = () => ({ origin: server.origin });
const cookieOf = (res: Response) => /voxdesk_session=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1];
const invite = async (email: string) => (await createLink({ accountId, kind: "invite", email, role: "viewer", createdBy: ownerId })).token;
const resetToken = async () => (await createLink({ accountId, kind: "reset", email: "owner@origin.test", userId: ownerId, createdBy: ownerId })).token;

beforeAll(async () => {
  await useTempDatabase({ RATE_LIMIT_PER_MINUTE: "100000", TRUST_PROXY: "off" });
  ({ accountId } = await newAccountWithToken());
  ownerId = (await createUser({ accountId, email: "owner@origin.test", name: "Owner", passwordHash: await hashPassword(PW), role: "owner" })).user_id;
  server = await startRouteServer([
    [/^\/api\/agent$/, agents], [/^\/auth\/sign-in$/, signIn], [/^\/auth\/accept-invite$/, accept], [/^\/auth\/reset-password$/, reset],
  ]);
});
afterAll(() => server?.close());

describe("sameOrigin", () => {
  it("a cookie-authenticated API write with a malformed or null Origin is a 403 JSON error, not a 500", async () => {
    const cookie = cookieOf(await form("/auth/sign-in", { email: "owner@origin.test", password: PW }, self()));
    expect(cookie).toBeTruthy();
    for (const origin of [...MALFORMED, "null", "http://evil.example"]) {
      const res = await fetch(`${server.origin}/api/agent`, { method: "POST", body: "{}", headers: { cookie: `voxdesk_session=${cookie}`, origin, "content-type": "application/json" } });
      expect([origin, res.status, (await res.json()).message]).toEqual([origin, 403, "Cross-origin request refused: Origin must match this site"]);
    }
    const same = await fetch(`${server.origin}/api/agent`, { method: "POST", body: "{}", headers: { cookie: `voxdesk_session=${cookie}`, ...self(), "content-type": "application/json" } });
    expect(same.status).toBe(400); // past the origin check: the empty agent fails validation
  });

  it("the forms refuse a malformed Origin like a foreign one: 303 back with error=origin, not a 500", async () => {
    for (const origin of MALFORMED) {
      const s = await form("/auth/sign-in", { email: "owner@origin.test", password: PW }, { origin });
      expect([origin, s.status, s.headers.get("location"), cookieOf(s)]).toEqual([origin, 303, "/login?mode=password&error=origin", undefined]);
      const token = await invite(`m${MALFORMED.indexOf(origin)}@origin.test`);
      const i = await form("/auth/accept-invite", { token, name: "M", password: PW }, { origin });
      expect([i.status, i.headers.get("location")]).toEqual([303, `/invite/${token}?error=origin`]);
      const r = await form("/auth/reset-password", { token: "t", password: PW }, { origin });
      expect([r.status, r.headers.get("location")]).toEqual([303, "/reset/t?error=origin"]);
    }
  });

  it("Origin: null is refused by sign-in, invite and reset, and the refused links still work from the site itself", async () => {
    const nul = { origin: "null" };
    const s = await form("/auth/sign-in", { email: "owner@origin.test", password: PW }, nul);
    expect([s.status, s.headers.get("location"), cookieOf(s)]).toEqual([303, "/login?mode=password&error=origin", undefined]);

    const token = await invite("null@origin.test");
    const i = await form("/auth/accept-invite", { token, name: "N", password: PW }, nul);
    expect([i.headers.get("location"), cookieOf(i)]).toEqual([`/invite/${token}?error=origin`, undefined]);
    const iOk = await form("/auth/accept-invite", { token, name: "N", password: PW }, self());
    expect([iOk.headers.get("location"), Boolean(cookieOf(iOk))]).toEqual(["/", true]);

    const rt = await resetToken();
    const r = await form("/auth/reset-password", { token: rt, password: "a-new-password-1234" }, nul);
    expect(r.headers.get("location")).toBe(`/reset/${rt}?error=origin`);
    const rOk = await form("/auth/reset-password", { token: rt, password: PW }, self());
    expect(rOk.headers.get("location")).toBe("/login?notice=password-reset");
  });

  it("a form post without Origin (curl) works unless Sec-Fetch-Site or Referer name another site", async () => {
    const fields = { email: "owner@origin.test", password: PW };
    expect((await form("/auth/sign-in", fields, {})).headers.get("location")).toBe("/");
    expect((await form("/auth/sign-in", fields, { "sec-fetch-site": "same-origin", referer: `${server.origin}/login` })).headers.get("location")).toBe("/");
    for (const hint of <Record<string, string>[]>[{ "sec-fetch-site": "cross-site" }, { "sec-fetch-site": "same-site" }, { referer: "https://evil.example/x" }, { referer: "null" }]) {
      expect((await form("/auth/sign-in", fields, hint)).headers.get("location")).toBe("/login?mode=password&error=origin");
    }
  });

  it("X-Forwarded-Host names this site only when it comes from a trusted proxy (TRUST_PROXY)", async () => {
    const fields = { email: "owner@origin.test", password: PW };
    const viaProxy = { origin: "https://voxdesk.example.test", "x-forwarded-host": "voxdesk.example.test" };
    expect((await form("/auth/sign-in", fields, viaProxy)).headers.get("location")).toBe("/login?mode=password&error=origin");
    process.env.TRUST_PROXY = "on";
    resetConfigForTests();
    expect((await form("/auth/sign-in", fields, viaProxy)).headers.get("location")).toBe("/");
    process.env.TRUST_PROXY = "off";
    resetConfigForTests();
  });
});
