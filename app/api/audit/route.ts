import { listAudit } from "@/lib/people/db/audit";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { AuditQuery } from "@/lib/people/schema";

export const dynamic = "force-dynamic";

/** The account's audit log, newest first, keyset-paginated (admin+). */
export const GET = route({ query: AuditQuery }, async ({ auth, query }) => listAudit(auth.accountId, query));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
