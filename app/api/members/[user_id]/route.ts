import { describeAudit } from "@/lib/core/audit-context";
import { getMember, LastOwnerError, removeMember, setMemberRole } from "@/lib/people/db/users";
import { AppError } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { canSetRole } from "@/lib/people/roles";
import { MemberParams, MemberUpdate } from "@/lib/people/schema";

export const dynamic = "force-dynamic";

const notFound = () => new AppError(404, "Member not found");
const lastOwner = () => new AppError(409, "The account's last owner cannot be removed or demoted");

/** Change a member's role (admin+; only an owner may grant or take away owner). */
export const PATCH = route({ params: MemberParams, body: MemberUpdate }, async ({ auth, params, body }) => {
  const current = await getMember(auth.accountId, params.user_id);
  if (!current) throw notFound();
  if (!canSetRole(auth.role, current.role, body.role)) {
    throw new AppError(403, "Only an owner can grant or remove the owner role");
  }
  describeAudit({ action: "members.role", resourceType: "member", summary: `${current.email}: ${current.role} → ${body.role}` });
  try {
    return (await setMemberRole(auth.accountId, params.user_id, body.role)) ?? Promise.reject(notFound());
  } catch (err) {
    throw err instanceof LastOwnerError ? lastOwner() : err;
  }
});

/** Remove a member: their sessions end in the same transaction. */
export const DELETE = route({ params: MemberParams }, async ({ auth, params }) => {
  const current = await getMember(auth.accountId, params.user_id);
  if (!current) throw notFound();
  if (!canSetRole(auth.role, current.role, null)) throw new AppError(403, "Only an owner can remove an owner");
  describeAudit({ action: "members.remove", resourceType: "member", summary: `removed ${current.email} (${current.role})` });
  try {
    if (!(await removeMember(auth.accountId, params.user_id))) throw notFound();
  } catch (err) {
    throw err instanceof LastOwnerError ? lastOwner() : err;
  }
  return new Response(null, { status: 204 });
});

export const { GET, POST, PUT, HEAD, OPTIONS } = otherMethods({ PATCH, DELETE });
