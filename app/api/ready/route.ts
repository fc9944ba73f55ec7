import { readiness } from "@/lib/core/readiness";
import { otherMethods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

// For orchestrators: whether this instance can serve (database reachable, migrations current, each
// background loop of this process ticking). No auth, like /api/health; names our own parts only.
export const GET = route({ auth: false }, async () => {
  const r = await readiness();
  const body = { status: r.ready ? "ready" : "unavailable", failing: r.failing, database: r.database, migrations: r.migrations, workers: r.workers };
  return r.ready ? body : Response.json(body, { status: 503 });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
