import "server-only";
import nodemailer from "nodemailer";
import { config } from "@/lib/core/config";
import { logError } from "@/lib/http/log";

// Invite and reset links by mail when SMTP_URL is set (nodemailer: the maintained SMTP client, with
// STARTTLS and auth from the URL). Sending is best effort: the link is already in the API answer for
// the admin to copy, so a mail failure is logged (never with the link or SMTP credentials) and
// reported as `mailed: false`, not turned into an error.

const TEXT = {
  invite: (account: string, url: string) => ({
    subject: `You are invited to ${account} on Voxdesk`,
    text: `You have been invited to join ${account} on Voxdesk.\n\nOpen this link within 7 days to choose your name and password:\n${url}\n\nIf you did not expect this, ignore this mail.`,
  }),
  reset: (account: string, url: string) => ({
    subject: `Set a new Voxdesk password for ${account}`,
    text: `An admin of ${account} created a password reset link for you.\n\nOpen it within one hour to set a new password:\n${url}\n\nYour other sign-ins end when you save it.`,
  }),
};

/** true when the mail was handed to the SMTP server; false when SMTP is not set up or sending failed. */
export async function mailMemberLink(m: { kind: "invite" | "reset"; to: string; url: string; accountName: string; requestId: string }): Promise<boolean> {
  const { SMTP_URL, SMTP_FROM } = config();
  if (!SMTP_URL) return false;
  try {
    // Bounded: an unreachable mail server must not hold the admin's request for minutes.
    const url = new URL(SMTP_URL);
    url.searchParams.set("connectionTimeout", "10000");
    url.searchParams.set("socketTimeout", "10000");
    const transport = nodemailer.createTransport(url.toString());
    await transport.sendMail({ from: SMTP_FROM, to: m.to, ...TEXT[m.kind](m.accountName || "your team", m.url) });
    return true;
  } catch (err) {
    logError("member link mail failed", { requestId: m.requestId, kind: m.kind, err: new Error((err as Error).message?.split("\n")[0] ?? "send failed") });
    return false;
  }
}
