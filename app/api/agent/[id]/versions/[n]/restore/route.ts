import { route } from "@/lib/http/route";
import { VersionParams as Params } from "@/lib/agents/versions/schema";
import { restoreVersion } from "@/lib/agents/versions/service";
import { otherMethods } from "@/lib/http/methods";

export const dynamic = "force-dynamic";

export const POST = route({ params: Params, status: 201 }, async ({ params, auth }) =>
  restoreVersion(auth.accountId, params.id, params.n, auth.label));

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
