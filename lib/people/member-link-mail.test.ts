import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "@/lib/people/password";
import { resetConfigForTests } from "@/lib/core/config";
import { createUser } from "@/lib/people/db/users";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "@/lib/testing/smtp-server";
import * as invites from "@/app/api/members/invites/route";
import * as resetLink from "@/app/api/members/[user_id]/reset-link/route";

// With SMTP_URL set, invite and reset links are also mailed. A real SMTP server
// (lib/testing/smtp-server.ts) listens on 127.0.0.1 inside the test and keeps what it receives.

let smtp: TestSmtpServer;
let received: ReceivedMail[];

beforeAll(async () => {
  smtp = await startSmtpServer();
  received = smtp.received;
  await useTempDatabase({ RATE_LIMIT_PER_MINUTE: "100000", SMTP_URL: smtp.url, SMTP_FROM: "Voxdesk <team@voxdesk.test>", PUBLIC_URL: "https://voxdesk.example.test", LOG_LEVEL: "silent" });
});

afterAll(() => smtp.close());

describe("member links by mail", () => {
  it("mails the invite link to the invited address and the reset link to the member", async () => {
    const { accountId, token } = await newAccountWithToken("Mail team");
    const res = await call(invites.POST, "POST", "/api/members/invites", { token, body: { email: "Mailed@Example.test", role: "editor" } });
    expect(res.status).toBe(201);
    expect(res.json.mailed).toBe(true);
    const mail = received.at(-1)!;
    expect(mail.to).toEqual(["mailed@example.test"]);
    expect(mail.from).toBe("team@voxdesk.test");
    expect(mail.data).toContain("Subject: You are invited to Mail team on Voxdesk");
    expect(mail.data.replace(/=\r\n/g, "")).toContain(res.json.invite_url);

    const user = await createUser({ accountId, email: "member@example.test", name: "M", passwordHash: await hashPassword("a-long-password-1"), role: "viewer" });
    const reset = await call(resetLink.POST, "POST", `/api/members/${user.user_id}/reset-link`, { token, params: { user_id: user.user_id } });
    expect(reset.json.mailed).toBe(true);
    expect(received.at(-1)!.to).toEqual(["member@example.test"]);
    expect(received.at(-1)!.data.replace(/=\r\n/g, "")).toContain(reset.json.reset_url);
  });

  it("a mail server that is down does not fail the invite: the link is still answered, mailed is false", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const deadPort = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    process.env.SMTP_URL = `smtp://127.0.0.1:${deadPort}`;
    resetConfigForTests();
    const { token } = await newAccountWithToken("No mail");
    const before = received.length;
    const res = await call(invites.POST, "POST", "/api/members/invites", { token, body: { email: "nomail@example.test", role: "viewer" } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ mailed: false, invite_url: expect.stringMatching(/\/invite\//) });
    expect(received.length).toBe(before);
  });
});
