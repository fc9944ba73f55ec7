import { getEngine } from "@/lib/engines/db";
import { listRemoteAgents } from "@/lib/engines/remote-agents";
import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { EngineIdParams as Params } from "@/lib/engines/schema";
import { otherMethods } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

/** The vendor's agents, each linked to an agent here (it links on first sight: an editor's read, like deploying). */
export const GET = route({ params: Params, role: "editor" }, async ({ params, auth }) => {
  const engine = await getEngine(auth.accountId, params.engine_id);
  if (!engine) throw notFound("Engine");
  return listRemoteAgents(engine);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
