import { getCall } from "@/lib/calls/db/calls";
import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { CallSidParams } from "@/lib/calls/schema";

export const dynamic = "force-dynamic";

// One call of the caller's account, for shared links to the call log (`/calls?call=<sid>`).
// The static siblings /details/summary and /details/export win over this segment in Next's router.
export const GET = route({ params: CallSidParams }, async ({ params, auth }) => {
  const call = await getCall(auth.accountId, params.call_sid);
  if (!call) throw notFound("Call");
  return call;
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
