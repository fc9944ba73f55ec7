import { deployAgent } from "@/lib/engines/bolna/deploy";
import { route } from "@/lib/http/route";
import { AgentIdParams as Params } from "@/lib/agents/schema";
import { DeployBody } from "@/lib/engines/schema";

export const dynamic = "force-dynamic";

export const POST = route({ params: Params, body: DeployBody }, async ({ req, params, body, auth }) =>
  deployAgent(auth.accountId, params.id, body.engine_id, req, body.version));
