import "server-only";
import crypto from "node:crypto";
import { describeAudit } from "@/lib/core/audit-context";
import { db, writeTx } from "@/lib/core/client";
import { newestFirstPage } from "@/lib/core/newest-page";
import { seal, unseal } from "@/lib/core/secrets";
import type { Endpoint } from "../schema";
import { newSecret } from "../sign";
import type { WebhookEndpointsTable } from "../tables";

// An endpoint's signing secret exists in plaintext only in the 201/rotate answer and in memory while
// the worker signs. Associated data binds the sealed secret to its endpoint and account.

export type EndpointRow = WebhookEndpointsTable;

/** How long the secret a rotation replaced keeps signing beside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

const context = (id: string, accountId: string) => ["webhook-endpoint-secret", id, accountId];

export const toEndpoint = (r: EndpointRow): Endpoint => ({
  endpoint_id: r.id, url: r.url, description: r.description, events: JSON.parse(r.events) as string[],
  disabled: Boolean(r.disabled), disabled_reason: r.disabled_reason, created_at: r.created_at, updated_at: r.updated_at,
});

function sealedSecret(secret: string, id: string, accountId: string) {
  const s = seal(secret, context(id, accountId));
  return { secret_ciphertext: s.ciphertext, secret_iv: s.iv, secret_tag: s.tag, secret_key_id: s.keyId };
}

/** The secrets that sign a message at `now`: the current one, and the replaced one while it overlaps. */
export function signingSecrets(r: EndpointRow, now: number): string[] {
  const ctx = context(r.id, r.account_id);
  const secrets = [unseal({ ciphertext: r.secret_ciphertext, iv: r.secret_iv, tag: r.secret_tag, keyId: r.secret_key_id }, ctx)];
  if (r.old_secret_ciphertext && r.old_secret_iv && r.old_secret_tag && r.old_secret_key_id && (r.old_secret_expires_at ?? 0) > now) {
    secrets.push(unseal({ ciphertext: r.old_secret_ciphertext, iv: r.old_secret_iv, tag: r.old_secret_tag, keyId: r.old_secret_key_id }, ctx));
  }
  return secrets;
}

/** Its delivery lane (./lanes.ts), made with the endpoint so the worker's tick only has to claim it. */
const newLane = (endpointId: string) => ({ endpoint_id: endpointId, attempts: 0, claim: null, lease_until: null, not_before: EPOCH, claimed_at: EPOCH });
const EPOCH = new Date(0).toISOString();

export async function createEndpoint(accountId: string, v: { url: string; description?: string; events: string[] }) {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const secret = newSecret();
  const row: EndpointRow = {
    id, account_id: accountId, url: v.url, description: v.description ?? "", events: JSON.stringify(v.events),
    ...sealedSecret(secret, id, accountId), old_secret_ciphertext: null, old_secret_iv: null, old_secret_tag: null,
    old_secret_key_id: null, old_secret_expires_at: null, disabled: 0, disabled_reason: null, failing_since: null,
    created_at: now, updated_at: now,
  };
  describeAudit({ resourceId: id, summary: `webhook endpoint ${v.url}` });
  await writeTx(async (trx) => {
    await trx.insertInto("webhook_endpoints").values(row).execute();
    await trx.insertInto("webhook_lanes").values(newLane(id)).execute();
  });
  return { row, secret };
}

export async function getEndpoint(accountId: string, id: string): Promise<EndpointRow | undefined> {
  return db().selectFrom("webhook_endpoints").selectAll().where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst();
}

export async function listEndpoints(accountId: string, limit: number, cursor?: string) {
  const { items, next_cursor, has_more } = await newestFirstPage("webhook_endpoints", accountId, limit, cursor);
  return { rows: items, next_cursor, has_more };
}

export interface EndpointChanges { url?: string; description?: string; events?: string[]; disabled?: boolean }

export async function updateEndpoint(accountId: string, id: string, c: EndpointChanges): Promise<EndpointRow | undefined> {
  return writeTx(async (trx) => {
    const set: Partial<EndpointRow> = { updated_at: new Date().toISOString() };
    if (c.url !== undefined) set.url = c.url;
    if (c.description !== undefined) set.description = c.description;
    if (c.events !== undefined) set.events = JSON.stringify(c.events);
    // Re-enabling forgets the failure streak, so a receiver just fixed gets its full 5 days again.
    if (c.disabled === false) Object.assign(set, { disabled: 0, disabled_reason: null, failing_since: null });
    if (c.disabled === true) Object.assign(set, { disabled: 1, disabled_reason: "disabled by a person" });
    const res = await trx.updateTable("webhook_endpoints").set(set).where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) return undefined;
    return trx.selectFrom("webhook_endpoints").selectAll().where("account_id", "=", accountId).where("id", "=", id).executeTakeFirstOrThrow();
  });
}

/** A new secret; the current one moves aside and keeps signing for ROTATION_OVERLAP_MS. */
export async function rotateSecret(accountId: string, id: string, now = Date.now()) {
  return writeTx(async (trx) => {
    const row = await trx.selectFrom("webhook_endpoints").selectAll().where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst();
    if (!row) return undefined;
    const secret = newSecret();
    const expires = now + ROTATION_OVERLAP_MS;
    // The old sealed value moves within its own row: its associated data (endpoint, account) still holds.
    await trx.updateTable("webhook_endpoints").set({
      ...sealedSecret(secret, id, accountId), old_secret_ciphertext: row.secret_ciphertext, old_secret_iv: row.secret_iv,
      old_secret_tag: row.secret_tag, old_secret_key_id: row.secret_key_id, old_secret_expires_at: expires,
      updated_at: new Date(now).toISOString(),
    }).where("id", "=", id).execute();
    return { secret, previous_secret_expires_at: new Date(expires).toISOString() };
  });
}

export async function deleteEndpoint(accountId: string, id: string): Promise<boolean> {
  return writeTx(async (trx) => {
    const res = await trx.deleteFrom("webhook_endpoints").where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  });
}
