import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { listIncidents } from "@/lib/alerts/db/incidents";
import { IncidentsQuery } from "@/lib/alerts/schema";

export const dynamic = "force-dynamic";

export const GET = route({ query: IncidentsQuery }, async ({ query, auth }) =>
  listIncidents(auth.accountId, { status: query.status, rule_id: query.rule_id, limit: query.limit ?? 50, cursor: query.cursor }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
