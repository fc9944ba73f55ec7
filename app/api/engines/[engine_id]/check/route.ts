import { getEngine } from "@/lib/engines/db";
import { adapterFor } from "@/lib/engines/registry";
import { AppError, notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { EngineIdParams as Params } from "@/lib/engines/schema";
import { otherMethods } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

/** Proves the engine's address and credentials with one cheap request. A failed check is an answer, not an error. */
export const POST = route({ params: Params }, async ({ params, auth }) => {
  const engine = await getEngine(auth.accountId, params.engine_id);
  if (!engine) throw notFound("Engine");
  try {
    return { ok: true, message: await adapterFor(engine.provider).check(engine) };
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return { ok: false, message: err.message };
    throw err;
  }
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
