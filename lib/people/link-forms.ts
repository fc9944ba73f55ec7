import "server-only";
import { config } from "@/lib/core/config";
import { clientAddress } from "@/lib/http/client-address";
import { sameOrigin } from "@/lib/http/origin";
import { createSession } from "@/lib/people/db/accounts";
import { insertAuditRow } from "@/lib/core/audit-context";
import { acceptInvite, consumeResetLink } from "@/lib/people/db/member-links";
import { EmailTakenError } from "@/lib/people/db/users";
import { AcceptInvite, ResetPassword } from "@/lib/people/schema";
import { newSessionSecret, sha256Hex } from "./credentials";
import { hashPassword } from "./password";
import { sessionCookie } from "./session-cookie";

// The invite and reset pages' form actions (`<form method="post">`, no JavaScript needed). Like
// /auth/sign-in: success answers 303 with a fresh session cookie; a failure goes back to the page
// with an error code only, never the password (the token is already the page's own path).

export type LinkFormError = "origin" | "name" | "password" | "used";

const see = (path: string, cookie?: string) =>
  new Response(null, { status: 303, headers: { Location: path, ...(cookie ? { "Set-Cookie": cookie } : {}) } });

async function fields(req: Request): Promise<Record<string, string>> {
  const form = await req.formData().catch(() => new FormData());
  return Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === "string"));
}

const firstError = (issues: { path: PropertyKey[] }[]): LinkFormError =>
  issues.some((i) => i.path[0] === "name") ? "name" : issues.some((i) => i.path[0] === "password") ? "password" : "used";

export async function acceptInviteForm(req: Request): Promise<Response> {
  const f = await fields(req);
  const back = (e: LinkFormError) => see(`/invite/${encodeURIComponent(f.token ?? "")}?error=${e}`);
  if (!sameOrigin(req, "form")) return back("origin");
  const parsed = AcceptInvite.safeParse(f);
  if (!parsed.success) return back(firstError(parsed.error.issues));
  const secret = newSessionSecret();
  const ttlHours = config().SESSION_TTL_HOURS;
  try {
    const member = await acceptInvite(parsed.data.token, parsed.data.name, await hashPassword(parsed.data.password), async (trx, m) => {
      await createSession(m.account_id, sha256Hex(secret), ttlHours, { userId: m.user_id }, trx);
      await insertAuditRow(trx, {
        accountId: m.account_id, actorType: "user", actorId: m.user_id, actorLabel: m.email, ip: clientAddress(req),
        action: "members.invite_accept", resourceType: "member", resourceId: m.user_id, summary: `${m.email} joined as ${m.role}`,
      });
    });
    if (!member) return back("used");
    return see("/", sessionCookie(req, secret, Math.round(ttlHours * 3600)));
  } catch (err) {
    // The email has an account elsewhere (emails are unique across accounts): the link cannot be
    // used, said like any dead link, since whoever holds it may be the inviter probing the address.
    if (err instanceof EmailTakenError) return back("used");
    throw err;
  }
}

export async function resetPasswordForm(req: Request): Promise<Response> {
  const f = await fields(req);
  const back = (e: LinkFormError) => see(`/reset/${encodeURIComponent(f.token ?? "")}?error=${e}`);
  if (!sameOrigin(req, "form")) return back("origin");
  const parsed = ResetPassword.safeParse(f);
  if (!parsed.success) return back(firstError(parsed.error.issues));
  const link = await consumeResetLink(parsed.data.token, await hashPassword(parsed.data.password), async (trx, l) => {
    await insertAuditRow(trx, {
      accountId: l.account_id, actorType: "user", actorId: l.user_id, actorLabel: l.email, ip: clientAddress(req),
      action: "members.password_reset", resourceType: "member", resourceId: l.user_id, summary: `${l.email} set a new password with a reset link`,
    });
  });
  if (!link) return back("used");
  // Every session of the member ended with the change: sign in again with the new password.
  return see("/login?notice=password-reset");
}
