import { route } from "@/lib/http/route";
import { RunParams as Params } from "@/lib/agents/tests/schema";
import { runOf } from "@/lib/agents/tests/service";
import { otherMethods } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

export const GET = route({ params: Params }, async ({ params, auth }) => runOf(auth.accountId, params.id, params.run_id));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
