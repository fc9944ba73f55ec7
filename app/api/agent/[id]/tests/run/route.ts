import { route, readJson } from "@/lib/http/route";
import { AgentIdParams as Params } from "@/lib/agents/schema";
import { RunBody } from "@/lib/agents/tests/schema";
import { startRun } from "@/lib/agents/tests/service";
import { otherMethods } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

// Editor or above (the default for writes), as a tool test: a run spends the account's provider tokens.
// The body is optional: no body (or no Content-Type) tests the latest version.
export const POST = route({ params: Params, status: 202 }, async ({ req, params, auth }) => {
  const body = req.headers.get("content-type") ? await readJson(req, RunBody) : {};
  return startRun(auth.accountId, params.id, body.version);
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
