import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "@/lib/people/password";
import { createUser, findUserByEmail } from "@/lib/people/db/users";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import * as invites from "@/app/api/members/invites/route";
import * as members from "@/app/api/members/route";
import * as accept from "@/app/auth/accept-invite/route";

// An invite must not tell the inviter that an email has an account elsewhere.
// Emails are unique across accounts, so such an invite cannot be accepted: the form answers like a
// dead link (error=used), never with a reason, and nothing is created or moved.

const PW = "Tr0ub4dor&3-unique-pw";
const ORIGIN = { origin: "http://localhost:3000", host: "localhost:3000" };
let mine: { accountId: string; token: string };
let elsewhereId = "";
let takenUrl = "";

const newInvite = (email: string) => call(invites.POST, "POST", "/api/members/invites", { token: mine.token, body: { email, role: "editor" } });
const acceptForm = (token: string) =>
  accept.POST(new Request("http://localhost:3000/auth/accept-invite", {
    method: "POST", body: new URLSearchParams({ token, name: "Bob", password: PW }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", ...ORIGIN },
  }), { params: Promise.resolve({}) });

beforeAll(async () => {
  await useTempDatabase({ RATE_LIMIT_PER_MINUTE: "100000", PUBLIC_URL: "https://voxdesk.example.test" });
  mine = await newAccountWithToken("Inviter");
  const other = await newAccountWithToken("Elsewhere");
  elsewhereId = other.accountId;
  await createUser({ accountId: other.accountId, email: "bob@elsewhere.test", name: "Bob", passwordHash: await hashPassword(PW), role: "owner" });
  await createUser({ accountId: mine.accountId, email: "amy@inviter.test", name: "Amy", passwordHash: await hashPassword(PW), role: "editor" });
});

describe("inviting an email that has an account elsewhere", () => {
  it("answers like any other invite", async () => {
    const fresh = await newInvite("nobody@fresh.test");
    const taken = await newInvite("Bob@Elsewhere.test");
    expect(taken.status).toBe(201);
    takenUrl = taken.json.invite_url;
    expect(Object.keys(taken.json).sort()).toEqual(Object.keys(fresh.json).sort());
    expect(taken.json).toMatchObject({ email: "bob@elsewhere.test", role: "editor", mailed: fresh.json.mailed });
    // This account's own member is still refused: that tells the inviter nothing they cannot list.
    const member = await newInvite("amy@inviter.test");
    expect(member.status).toBe(409);
    expect(member.json.errors).toEqual([{ path: "email", message: "already a member" }]);
  });

  it("cannot be accepted: the form answers like a dead link, signs nobody in, and moves nobody", async () => {
    const res = await acceptForm(takenUrl.split("/").pop()!);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(/\?error=used$/);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect((await findUserByEmail("bob@elsewhere.test"))?.account_id).toBe(elsewhereId);
    const list = await call(members.GET, "GET", "/api/members", { token: mine.token });
    expect(JSON.stringify(list.json)).not.toContain("bob@elsewhere.test");
  });
});
