import { placeCall } from "@/lib/engines/place-call";
import { blankCallVariables } from "@/lib/agents/call-check";
import { route } from "@/lib/http/route";
import { AgentIdParams as Params } from "@/lib/agents/schema";
import { PlaceCallBody } from "@/lib/engines/schema";
import { otherMethods } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

export const POST = route({ params: Params, body: PlaceCallBody, status: 202 }, async ({ params, body, auth }) =>
  placeCall(auth.accountId, params.id, body, { check: (resolved) => blankCallVariables(auth.accountId, resolved, body) }));

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
