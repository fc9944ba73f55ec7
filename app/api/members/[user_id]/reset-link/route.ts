import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { resetLinkFor } from "@/lib/people/member-links";
import { MemberParams } from "@/lib/people/schema";

export const dynamic = "force-dynamic";

/** A one-time password reset link for a member (admin+; an owner's only from an owner). Valid one hour. */
export const POST = route({ params: MemberParams, status: 201 }, async ({ req, auth, params, requestId }) =>
  resetLinkFor(auth, params.user_id, { req, requestId }));

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
