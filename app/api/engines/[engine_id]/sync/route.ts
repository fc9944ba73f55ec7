import { route } from "@/lib/http/route";
import { EngineIdParams as Params, SyncBody } from "@/lib/engines/schema";
import { startSync } from "@/lib/engines/sync-runs";
import { otherMethods } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

// 202: the pull runs in the background (lib/engines/sync-worker.ts); GET …/syncs/{sync_id} follows it.
export const POST = route({ params: Params, body: SyncBody, status: 202 }, async ({ params, body, auth }) =>
  startSync(auth.accountId, params.engine_id, body));

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
