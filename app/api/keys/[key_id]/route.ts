import { revokeApiKey } from "@/lib/people/db/api-keys";
import { describeAudit } from "@/lib/core/audit-context";
import { AppError } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { KeyParams } from "@/lib/people/schema";

export const dynamic = "force-dynamic";

/** Revokes the key at once; console sessions signed in with it end too. */
export const DELETE = route({ params: KeyParams }, async ({ auth, params }) => {
  describeAudit({ action: "keys.revoke", resourceType: "key", summary: "revoked an API key" });
  if (!(await revokeApiKey(auth.accountId, params.key_id))) throw new AppError(404, "API key not found");
  return new Response(null, { status: 204 });
});

export const { GET, POST, PUT, PATCH, HEAD, OPTIONS } = otherMethods({ DELETE });
