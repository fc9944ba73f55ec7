import { analyzeOne } from "@/lib/analysis/service";
import { CallSidParams } from "@/lib/calls/schema";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

// Queues a fresh analysis of one call by Voxdesk; the worker does it in the background.
export const POST = route({ params: CallSidParams, status: 202 }, async ({ params, auth }) => analyzeOne(auth.accountId, params.call_sid));

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
