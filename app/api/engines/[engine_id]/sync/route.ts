import { getEngine } from "@/lib/engines/db";
import { syncEngine } from "@/lib/engines/sync";
import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { EngineIdParams as Params, SyncBody } from "@/lib/engines/schema";
import { otherMethods } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

export const POST = route({ params: Params, body: SyncBody }, async ({ params, body, auth }) => {
  const engine = await getEngine(auth.accountId, params.engine_id);
  if (!engine) throw notFound("Engine");
  return syncEngine(engine, body);
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
