import { memberLinkUrl } from "@/lib/people/member-links";
import { mailMemberLink } from "@/lib/people/member-link-mail";
import { describeAudit } from "@/lib/core/audit-context";
import { createLink } from "@/lib/people/db/member-links";
import { getMember } from "@/lib/people/db/users";
import { AppError } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { canSetRole } from "@/lib/people/roles";
import { MemberParams } from "@/lib/people/schema";

export const dynamic = "force-dynamic";

/** A one-time password reset link for a member (admin+; an owner's only from an owner). Valid one hour. */
export const POST = route({ params: MemberParams, status: 201 }, async ({ req, auth, params, requestId }) => {
  const member = await getMember(auth.accountId, params.user_id);
  if (!member) throw new AppError(404, "Member not found");
  // A reset link takes the member over: allowed only to whoever may change that member's role.
  if (!canSetRole(auth.role, member.role, member.role)) throw new AppError(403, "Only an owner can reset an owner's password");
  describeAudit({ action: "members.reset_link", resourceType: "member", summary: `password reset link for ${member.email}` });
  const link = await createLink({ accountId: auth.accountId, kind: "reset", email: member.email, userId: member.user_id, createdBy: auth.userId ?? null });
  const url = memberLinkUrl(req.url, "reset", link.token);
  const mailed = await mailMemberLink({ kind: "reset", to: member.email, url, accountName: auth.accountName, requestId });
  return { user_id: member.user_id, reset_url: url, expires_at: link.expires_at, mailed };
});
