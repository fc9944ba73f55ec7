import { newApiToken, sha256Hex } from "@/lib/people/credentials";
import { createApiKey, listApiKeys } from "@/lib/people/db/api-keys";
import { describeAudit } from "@/lib/core/audit-context";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { KeyCreate, type KeyCreated } from "@/lib/people/schema";

export const dynamic = "force-dynamic";

/**
 * The only answer that ever carries `key`; the database keeps its SHA-256. The key acts for the
 * member behind this request (a user, or the member a key acts for), never above their role; only
 * an account-level credential (CLI token) mints account-level keys.
 */
export const POST = route({ body: KeyCreate, status: 201 }, async ({ auth, body }) => {
  const key = newApiToken();
  describeAudit({ action: "keys.create", resourceType: "key", summary: `created ${body.scope} key "${body.name}"` });
  const info = await createApiKey(auth.accountId, { name: body.name, scope: body.scope, key, keyHash: sha256Hex(key), memberId: auth.memberId });
  const { key_id, name, last4, created_at, account_level } = info;
  return { key_id, name, scope: body.scope, key, last4, created_at, account_level, role: body.scope === "read_only" ? "viewer" : auth.role } satisfies KeyCreated;
});

export const GET = route({}, async ({ auth }) => ({ keys: await listApiKeys(auth.accountId) }));

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
