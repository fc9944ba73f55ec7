import "server-only";
import { config } from "@/lib/core/config";
import { writeTx } from "@/lib/core/client";
import { AppError } from "@/lib/http/errors";
import { checkUrl, parseAllowlist, portOf } from "@/lib/outbound/address-policy";
import { BlockedAddressError, resolveChecked } from "@/lib/outbound/pinned-lookup";
import { createEndpoint, getEndpoint, toEndpoint, updateEndpoint, type EndpointChanges } from "./db/endpoints";
import { emitEvent } from "./db/outbox";

// Endpoint rules above the database: the URL meets the outbound address policy tools and AI
// providers meet, judged when it is given (so a person learns at once) and again at every
// delivery (the pinned lookup, so a name that later resolves inward is still refused).

/** How long judging a host name may take when the URL is given; an unanswered name is judged at delivery. */
const RESOLVE_BUDGET_MS = 2000;

async function assertAllowedTarget(url: string): Promise<void> {
  const allowlist = parseAllowlist(config().TOOL_TARGET_ALLOWLIST);
  const refuse = (reason: string) => {
    const message = `${reason}; private targets need TOOL_TARGET_ALLOWLIST`;
    return new AppError(400, `Invalid request: url: ${message}`, { errors: [{ path: "url", message }] });
  };
  const verdict = checkUrl(url, allowlist);
  if (!verdict.ok) throw refuse(verdict.reason);
  if (verdict.ipLiteral) return;
  const judged = resolveChecked(verdict.hostname, allowlist, undefined, portOf(verdict.url)).then(() => null, (err: unknown) => err);
  const timeout = new Promise<null>((r) => setTimeout(() => r(null), RESOLVE_BUDGET_MS).unref());
  const err = await Promise.race([judged, timeout]);
  // A name that does not resolve (yet) is kept: deliveries fail and the log says why.
  if (err instanceof BlockedAddressError) throw refuse(err.message);
}

export async function createWebhookEndpoint(accountId: string, v: { url: string; description?: string; events: string[] }) {
  await assertAllowedTarget(v.url);
  const { row, secret } = await createEndpoint(accountId, v);
  return { ...toEndpoint(row), secret };
}

export async function changeWebhookEndpoint(accountId: string, id: string, c: EndpointChanges) {
  if (c.url !== undefined) await assertAllowedTarget(c.url);
  return updateEndpoint(accountId, id, c);
}

/** The test button: a `ping` to this endpoint alone, whatever it subscribed to. */
export async function sendPing(accountId: string, id: string): Promise<{ event_id: string } | undefined> {
  const endpoint = await getEndpoint(accountId, id);
  if (!endpoint) return undefined;
  if (endpoint.disabled) {
    throw new AppError(409, "The endpoint is disabled: enable it (PATCH disabled: false) to send a test", { errors: [{ path: "endpoint_id", message: "disabled" }] });
  }
  const eventId = await writeTx((trx) => emitEvent(trx, accountId, "ping", { endpoint_id: id, message: "A test event from Voxdesk" }, { endpointId: id }));
  return { event_id: eventId! };
}
