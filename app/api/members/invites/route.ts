import { listPendingInvites } from "@/lib/people/db/member-links";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { inviteMember } from "@/lib/people/member-links";
import { InviteCreate } from "@/lib/people/schema";

export const dynamic = "force-dynamic";

/** Invite a person by email with a role (admin+; only an owner invites owners). The link is in this answer only. */
export const POST = route({ body: InviteCreate, status: 201 }, async ({ req, auth, body, requestId }) =>
  inviteMember(auth, body, { req, requestId }));

/** Pending invites (not used, revoked or expired), newest first. Never their links. */
export const GET = route({}, async ({ auth }) => ({ invites: await listPendingInvites(auth.accountId) }));

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
