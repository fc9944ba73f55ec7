import { listMembers } from "@/lib/people/db/users";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** Members of the caller's account (admin+; lib/people/roles.ts). */
export const GET = route({}, async ({ auth }) => ({ members: await listMembers(auth.accountId) }));
