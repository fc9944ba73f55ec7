import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { getRecover } from "@/lib/webhooks/db/recover";
import { RecoverIdParams as Params } from "@/lib/webhooks/schema";

export const dynamic = "force-dynamic";

/** A recover run's progress: total failed messages counted at its start, how many were sent again. */
export const GET = route({ params: Params }, async ({ params, auth }) => {
  const run = await getRecover(auth.accountId, params.endpoint_id, params.recover_id);
  if (!run) throw notFound("Recover run");
  return run;
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
