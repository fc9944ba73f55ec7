import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { getIncident } from "@/lib/alerts/db/incidents";
import { IncidentIdParams as Params } from "@/lib/alerts/schema";

export const dynamic = "force-dynamic";

export const GET = route({ params: Params }, async ({ params, auth }) => {
  const incident = await getIncident(auth.accountId, params.incident_id);
  if (!incident) throw notFound("Incident");
  return incident;
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
