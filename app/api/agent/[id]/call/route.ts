import { placeCall } from "@/lib/engines/bolna/place-call";
import { route } from "@/lib/http/route";
import { AgentIdParams as Params } from "@/lib/schemas/agent";
import { PlaceCallBody } from "@/lib/schemas/engine";

export const dynamic = "force-dynamic";

export const POST = route({ params: Params, body: PlaceCallBody, status: 202 }, async ({ params, body, auth }) =>
  placeCall(auth.accountId, params.id, body));
