import { streamRecording } from "@/lib/engines/recording";
import { otherMethods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { CallSidParams as Params } from "@/lib/calls/schema";

export const dynamic = "force-dynamic";

/** The call's recording, streamed with its engine's credentials (Range honoured). */
export const GET = route({ params: Params }, async ({ req, params, auth }) =>
  streamRecording(auth.accountId, params.call_sid, req.headers.get("range")));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
