import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/lib/people/db/users";
import { hashPassword } from "@/lib/people/password";
import { keepEmailCookie, readKeptEmail } from "@/lib/people/sign-in-email";
import { newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { startRouteServer } from "@/lib/testing/route-server";
import * as signIn from "./route";

// A wrong password sent the browser back to an empty form. The form endpoint now keeps
// the email (never the password) in a short-lived httpOnly cookie for /login, over real HTTP.

const PW = "Tr0ub4dor&3-kept-email";
let app: Awaited<ReturnType<typeof startRouteServer>>;

beforeAll(async () => {
  await useTempDatabase({ RATE_LIMIT_PER_MINUTE: "100000" });
  const { accountId } = await newAccountWithToken();
  await createUser({ accountId, email: "kept@example.test", name: "Kept", passwordHash: await hashPassword(PW), role: "viewer" });
  app = await startRouteServer([[/^\/auth\/sign-in$/, signIn]]);
});
afterAll(() => app?.close());

const post = (fields: Record<string, string>) => fetch(`${app.origin}/auth/sign-in`, {
  method: "POST", redirect: "manual", body: new URLSearchParams(fields),
  headers: { origin: app.origin, "content-type": "application/x-www-form-urlencoded" },
});

describe("the sign-in form keeps the email of a failed attempt", () => {
  it("a wrong password: back to /login with an error code, the email in a one-minute httpOnly cookie for /login only", async () => {
    const res = await post({ email: " kept@example.test ", password: "wrong-password-123" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/login?mode=password&error=invalid");
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^voxdesk_signin_email=kept%40example\.test; Path=\/login; HttpOnly; SameSite=Strict; Max-Age=60$/);
    expect(cookie).not.toContain("wrong-password");
    expect(readKeptEmail(/=([^;]*)/.exec(cookie)![1])).toBe("kept@example.test");
  });

  it("a missing password keeps it too; a token sign-in and a non-address keep nothing", async () => {
    expect((await post({ email: "kept@example.test", password: "" })).headers.get("set-cookie")).toContain("voxdesk_signin_email=kept%40example.test");
    expect((await post({ token: "sk_wrong_token_value" })).headers.get("set-cookie")).toBeNull();
    expect((await post({ email: "not an address", password: "x" })).headers.get("set-cookie")).toBeNull();
  });

  it("a successful sign-in forgets it", async () => {
    const res = await post({ email: "kept@example.test", password: PW });
    expect([res.status, res.headers.get("location")]).toEqual([303, "/"]);
    expect(res.headers.getSetCookie().some((c) => /^voxdesk_signin_email=; Path=\/login; .*Max-Age=0/.test(c))).toBe(true);
  });
});

describe("readKeptEmail", () => {
  it("reads back what was kept and ignores anything malformed", () => {
    const req = new Request("http://localhost/auth/sign-in");
    expect(readKeptEmail(/=([^;]*)/.exec(keepEmailCookie(req, "a+b@x.test")!)![1])).toBe("a+b@x.test");
    expect(readKeptEmail("%E0%A4%A")).toBeUndefined();
    expect(readKeptEmail(undefined)).toBeUndefined();
    expect(readKeptEmail(encodeURIComponent("a b@x.test"))).toBeUndefined();
    expect(keepEmailCookie(req, `${"a".repeat(320)}@x.test`)).toBeUndefined();
  });
});
