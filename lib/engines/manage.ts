import "server-only";
import { publicOrigin } from "@/lib/http/public-origin";
import { notFound, validationError } from "@/lib/http/errors";
import type { Role } from "@/lib/people/roles";
import type { z } from "zod";
import { createEngine, getEngine, updateEngine } from "./db";
import { engineView } from "./engine-view";
import { adapterFor } from "./registry";
import type { EngineCreateBody, EnginePatch } from "./schema";

type Req = Parameters<typeof publicOrigin>[0];

/** POST /api/engines: stored as its adapter prepares it; the answer shows its secrets this once. */
export async function registerEngine(accountId: string, body: EngineCreateBody, req: Req, role: Role) {
  const adapter = adapterFor(body.provider);
  const row = await createEngine(accountId, adapter.prepare?.(body, publicOrigin(req)) ?? {
    name: body.name, provider: body.provider, base_url: body.base_url, api_key: body.api_key ?? "",
  });
  return engineView(row, req, role, true);
}

const PROVIDER_FIELDS = ["telephony", "rotate_push_secret", "phone_number_id", "from_number"] as const;

/** PATCH /api/engines/{id}: the common fields, and the provider's own through its adapter. */
export async function changeEngine(accountId: string, id: string, body: z.output<typeof EnginePatch>, req: Req, role: Role) {
  const current = await getEngine(accountId, id);
  if (!current) throw notFound("Engine");
  const adapter = adapterFor(current.provider);
  const change = adapter.change?.(body, publicOrigin(req));
  const unknown = PROVIDER_FIELDS.filter((f) => body[f] !== undefined && !adapter.change);
  if (unknown.length) throw validationError(unknown.map((path) => ({ path, message: `not a setting of a ${adapter.info.label} engine` })), 400);
  const row = await updateEngine(accountId, id, { ...body, provider: change });
  if (!row) throw notFound("Engine");
  // A rotated secret is shown in this one answer: the push secret, or a webhook credential that comes with the webhook URL.
  return engineView(row, req, role, body.rotate_push_secret === true || (body.rotate_webhook_secret === true && adapter.info.webhookCredential === true));
}
