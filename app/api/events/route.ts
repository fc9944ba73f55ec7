import { callEventStream, EVENT_STREAM_HEADERS } from "@/lib/calls/events";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

/** Server-sent events for the signed-in console (or a key): "calls" each time the account's calls changed (lib/calls/events.ts). */
export const GET = route({}, async ({ req, auth }) =>
  new Response(callEventStream(auth.accountId, req.signal), { headers: EVENT_STREAM_HEADERS }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
