import { listMembers } from "@/lib/people/db/users";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

/** Members of the caller's account (admin+; lib/people/roles.ts). */
export const GET = route({}, async ({ auth }) => ({ members: await listMembers(auth.accountId) }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
