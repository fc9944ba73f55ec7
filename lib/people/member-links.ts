import "server-only";
import crypto from "node:crypto";
import type { z } from "zod";
import { describeAudit } from "@/lib/core/audit-context";
import type { AuthResult } from "@/lib/http/auth";
import { AppError } from "@/lib/http/errors";
import { publicOrigin } from "@/lib/http/public-origin";
import { createLink, InvitePendingError } from "@/lib/people/db/member-links";
import { findUserByEmail, getMember } from "@/lib/people/db/users";
import { mailMemberLink } from "./member-link-mail";
import { canSetRole } from "./roles";
import type { InviteCreate } from "./schema";

// Invites and reset links: who may make them, the link, the mail. The routes only parse and answer.

// The pages /invite/{token} and /reset/{token} look their link up through here (components never reach a db file).
export { findUsableLink } from "@/lib/people/db/member-links";

/**
 * The link a person opens: `<PUBLIC_URL>/invite/<token>` or `/reset/<token>` (the origin the request
 * was sent to when PUBLIC_URL is unset, as for engines' webhook URLs). The token is in the path, not
 * a query string, and the pages send no Referer to other sites (see app/invite), so it stays out of their logs.
 */
export function memberLinkUrl(req: LinkRequest["req"], kind: "invite" | "reset", token: string): string {
  return `${publicOrigin(req)}/${kind}/${token}`;
}

interface LinkRequest { req: Parameters<typeof publicOrigin>[0]; requestId: string }

/** An invite by email with a role (only an owner invites owners). The link is in this answer only. */
export async function inviteMember(auth: AuthResult, body: z.output<typeof InviteCreate>, r: LinkRequest) {
  if (!canSetRole(auth.role, null, body.role)) throw new AppError(403, "Only an owner can invite an owner");
  // Only this account's own members are refused: a 409 for an email of another account would tell
  // the inviter that it exists elsewhere. Such an invite cannot be accepted (link-forms.ts).
  if ((await findUserByEmail(body.email))?.account_id === auth.accountId) {
    throw new AppError(409, "This email already belongs to a member of this account", { errors: [{ path: "email", message: "already a member" }] });
  }
  const id = crypto.randomUUID();
  const email = body.email.toLowerCase();
  describeAudit({ action: "members.invite", resourceType: "invite", resourceId: id, summary: `invited ${email} as ${body.role}` });
  try {
    const link = await createLink({ id, accountId: auth.accountId, kind: "invite", email: body.email, role: body.role, createdBy: auth.userId ?? null });
    const url = memberLinkUrl(r.req, "invite", link.token);
    const mailed = await mailMemberLink({ kind: "invite", to: email, url, accountName: auth.accountName, requestId: r.requestId });
    return { invite_id: link.id, email, role: body.role, invite_url: url, expires_at: link.expires_at, mailed };
  } catch (err) {
    if (err instanceof InvitePendingError) {
      throw new AppError(409, "This email already has a pending invite: revoke it to send a new one", { errors: [{ path: "email", message: "invite pending" }] });
    }
    throw err;
  }
}

/** A one-time password reset link for a member (an owner's only from an owner). Valid one hour. */
export async function resetLinkFor(auth: AuthResult, userId: string, r: LinkRequest) {
  const member = await getMember(auth.accountId, userId);
  if (!member) throw new AppError(404, "Member not found");
  // A reset link takes the member over: allowed only to whoever may change that member's role.
  if (!canSetRole(auth.role, member.role, member.role)) throw new AppError(403, "Only an owner can reset an owner's password");
  describeAudit({ action: "members.reset_link", resourceType: "member", summary: `password reset link for ${member.email}` });
  const link = await createLink({ accountId: auth.accountId, kind: "reset", email: member.email, userId: member.user_id, createdBy: auth.userId ?? null });
  const url = memberLinkUrl(r.req, "reset", link.token);
  const mailed = await mailMemberLink({ kind: "reset", to: member.email, url, accountName: auth.accountName, requestId: r.requestId });
  return { user_id: member.user_id, reset_url: url, expires_at: link.expires_at, mailed };
}
