import { deleteEngine, getEngine } from "@/lib/engines/db";
import { changeEngine } from "@/lib/engines/manage";
import { engineView } from "@/lib/engines/engine-view";
import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { EngineIdParams as Params, EnginePatch } from "@/lib/engines/schema";
import { otherMethods } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

export const GET = route({ params: Params }, async ({ req, params, auth }) => {
  const engine = await getEngine(auth.accountId, params.engine_id);
  if (!engine) throw notFound("Engine");
  return engineView(engine, req, auth.role);
});

/** Rename, move, replace the key, or rotate the webhook secret (the old webhook URL stops working at once). */
export const PATCH = route({ params: Params, body: EnginePatch }, async ({ req, params, body, auth }) =>
  changeEngine(auth.accountId, params.engine_id, body, req, auth.role));

export const DELETE = route({ params: Params }, async ({ params, auth }) => {
  if (!(await deleteEngine(auth.accountId, params.engine_id))) throw notFound("Engine");
  return { engine_id: params.engine_id, status: "deleted" };
});

export const { POST, PUT, OPTIONS } = otherMethods({ GET, PATCH, DELETE });
