import { getEngine } from "@/lib/engines/db";
import { listRemoteAgents } from "@/lib/engines/bolna/client";
import { AppError, notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { EngineIdParams as Params } from "@/lib/engines/schema";

export const dynamic = "force-dynamic";

/** Proves the base URL and key with GET /v2/agent/all. A failed check is an answer, not an error. */
export const POST = route({ params: Params }, async ({ params, auth }) => {
  const engine = await getEngine(auth.accountId, params.engine_id);
  if (!engine) throw notFound("Engine");
  try {
    const agents = await listRemoteAgents(engine);
    return { ok: true, message: `Connected: the engine lists ${agents.length} agent${agents.length === 1 ? "" : "s"}` };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, message: err.message };
    throw err;
  }
});
