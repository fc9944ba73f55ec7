import crypto from "node:crypto";
import { memberLinkUrl } from "@/lib/people/member-links";
import { mailMemberLink } from "@/lib/people/member-link-mail";
import { describeAudit } from "@/lib/core/audit-context";
import { createLink, InvitePendingError, listPendingInvites } from "@/lib/people/db/member-links";
import { findUserByEmail } from "@/lib/people/db/users";
import { AppError } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { canSetRole } from "@/lib/people/roles";
import { InviteCreate } from "@/lib/people/schema";

export const dynamic = "force-dynamic";

/** Invite a person by email with a role (admin+; only an owner invites owners). The link is in this answer only. */
export const POST = route({ body: InviteCreate, status: 201 }, async ({ req, auth, body, requestId }) => {
  if (!canSetRole(auth.role, null, body.role)) throw new AppError(403, "Only an owner can invite an owner");
  // Only this account's own members are refused: a 409 for an email of another account would tell
  // the inviter that it exists elsewhere. Such an invite cannot be accepted (lib/people/link-forms.ts).
  if ((await findUserByEmail(body.email))?.account_id === auth.accountId) {
    throw new AppError(409, "This email already belongs to a member of this account", { errors: [{ path: "email", message: "already a member" }] });
  }
  const id = crypto.randomUUID();
  describeAudit({ action: "members.invite", resourceType: "invite", resourceId: id, summary: `invited ${body.email.toLowerCase()} as ${body.role}` });
  try {
    const link = await createLink({ id, accountId: auth.accountId, kind: "invite", email: body.email, role: body.role, createdBy: auth.userId ?? null });
    const email = body.email.toLowerCase();
    const url = memberLinkUrl(req.url, "invite", link.token);
    const mailed = await mailMemberLink({ kind: "invite", to: email, url, accountName: auth.accountName, requestId });
    return { invite_id: link.id, email, role: body.role, invite_url: url, expires_at: link.expires_at, mailed };
  } catch (err) {
    if (err instanceof InvitePendingError) {
      throw new AppError(409, "This email already has a pending invite: revoke it to send a new one", { errors: [{ path: "email", message: "invite pending" }] });
    }
    throw err;
  }
});

/** Pending invites (not used, revoked or expired), newest first. Never their links. */
export const GET = route({}, async ({ auth }) => ({ invites: await listPendingInvites(auth.accountId) }));
