import { route } from "@/lib/http/route";
import { SyncParams as Params } from "@/lib/engines/schema";
import { syncOf } from "@/lib/engines/sync-runs";
import { otherMethods } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

export const GET = route({ params: Params }, async ({ params, auth }) => syncOf(auth.accountId, params.engine_id, params.sync_id));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
