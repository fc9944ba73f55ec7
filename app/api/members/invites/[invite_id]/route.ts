import { describeAudit } from "@/lib/core/audit-context";
import { findPendingInvite, revokeInvite } from "@/lib/people/db/member-links";
import { AppError } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { InviteParams } from "@/lib/people/schema";

export const dynamic = "force-dynamic";

const notFound = () => new AppError(404, "No pending invite with this id");

/** Revoke a pending invite: its link stops working at once (admin+). */
export const DELETE = route({ params: InviteParams }, async ({ auth, params }) => {
  const invite = await findPendingInvite(auth.accountId, params.invite_id);
  if (!invite) throw notFound();
  describeAudit({ action: "members.invite_revoke", resourceType: "invite", summary: `revoked the invite of ${invite.email}` });
  if (!(await revokeInvite(auth.accountId, params.invite_id))) throw notFound();
  return new Response(null, { status: 204 });
});

export const { GET, POST, PUT, PATCH, HEAD, OPTIONS } = otherMethods({ DELETE });
