import { deployAgent } from "@/lib/engines/deploy";
import { route } from "@/lib/http/route";
import { AgentIdParams as Params } from "@/lib/agents/schema";
import { DeployBody } from "@/lib/engines/schema";
import { otherMethods } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

export const POST = route({ params: Params, body: DeployBody }, async ({ req, params, body, auth }) =>
  deployAgent(auth.accountId, params.id, body.engine_id, req, body.version));

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
