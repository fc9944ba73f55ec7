import { newApiToken, sha256Hex } from "@/lib/people/credentials";
import { createApiKey, listApiKeys } from "@/lib/people/db/api-keys";
import { describeAudit } from "@/lib/core/audit-context";
import { route } from "@/lib/http/route";
import { KeyCreate } from "@/lib/people/schema";

export const dynamic = "force-dynamic";

/** The only answer that ever carries `key`; the database keeps its SHA-256. */
export const POST = route({ body: KeyCreate, status: 201 }, async ({ auth, body }) => {
  const key = newApiToken();
  describeAudit({ action: "keys.create", resourceType: "key", summary: `created ${body.scope} key "${body.name}"` });
  const info = await createApiKey(auth.accountId, { name: body.name, scope: body.scope, key, keyHash: sha256Hex(key), createdBy: auth.userId });
  const { key_id, name, scope, last4, created_at } = info;
  return { key_id, name, scope, key, last4, created_at };
});

export const GET = route({}, async ({ auth }) => ({ keys: await listApiKeys(auth.accountId) }));
