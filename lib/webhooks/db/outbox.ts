import "server-only";
import type { Kysely } from "kysely";
import { sqliteStatement } from "@/lib/core/prepared";
import { pageMemo } from "@/lib/core/page-tx";
import type { DB } from "@/lib/core/tables";
import { uuid7Batch } from "@/lib/core/uuid7";
import type { EventType } from "../schema";
import { webhookEmitted } from "../wake";

// The outbox: an event and its deliveries are written by the caller's transaction, so a change that
// rolls back emits nothing and a change that commits cannot lose its event. The worker (../worker.ts)
// sends what is here. An account without endpoints pays one indexed lookup and nothing more.

const SUBSCRIBED_SQL = "SELECT id, events FROM webhook_endpoints WHERE account_id = ? AND disabled = 0";

type Subscriber = { id: string; events: string };

async function subscribers(trx: Kysely<DB>, accountId: string): Promise<Subscriber[]> {
  // Once per page of calls stored together (lib/core/page-tx.ts): storing calls changes no endpoint.
  return pageMemo(trx, `webhook-endpoints:${accountId}`, async () => {
    // SQLite: a statement compiled once, on the connection that holds the caller's transaction.
    const stmt = sqliteStatement(SUBSCRIBED_SQL);
    if (stmt) return stmt.all(accountId) as Subscriber[];
    return trx.selectFrom("webhook_endpoints").select(["id", "events"]).where("account_id", "=", accountId).where("disabled", "=", 0).execute();
  });
}

const wants = (events: string, type: EventType) => {
  const list = JSON.parse(events) as string[];
  return list.includes("*") || list.includes(type);
};

export interface EmitOptions {
  /** One event per fact: a second emit with the same key (a resent webhook) is dropped. */
  dedupeKey?: string;
  /** Only this endpoint, whatever it subscribed to (the test button's ping). */
  endpointId?: string;
  now?: Date;
}

/**
 * Writes `{type, timestamp, data}` and one delivery per enabled endpoint that subscribed to `type`,
 * inside `trx`. Returns the event id, or null when nobody listens (nothing is written then). `data`
 * may be a function: it is only called when someone listens.
 */
export async function emitEvent(trx: Kysely<DB>, accountId: string, type: EventType, data: unknown, opts: EmitOptions = {}): Promise<string | null> {
  const all = await subscribers(trx, accountId);
  if (all.length === 0) return null;
  const targets = opts.endpointId ? all.filter((e) => e.id === opts.endpointId) : all.filter((e) => wants(e.events, type));
  if (targets.length === 0) return null;
  const now = opts.now ?? new Date();
  const at = now.toISOString();
  const id = `msg_${uuid7Batch(1)[0].replaceAll("-", "")}`;
  const payload = JSON.stringify({ type, timestamp: at, data: typeof data === "function" ? data() : data });
  const inserted = await trx.insertInto("webhook_events")
    .values({ id, account_id: accountId, type, payload, dedupe_key: opts.dedupeKey ?? null, created_at: at })
    .onConflict((oc) => oc.columns(["account_id", "dedupe_key"]).doNothing())
    .returning("id").executeTakeFirst();
  if (!inserted) return null;
  await trx.insertInto("webhook_deliveries").values(targets.map((e) => ({
    account_id: accountId, endpoint_id: e.id, event_id: id, status: "pending", attempts: 0,
    next_attempt_at: now.getTime(), lease_until: null, lease_token: null, trigger_type: "scheduled", created_at: at,
  }))).execute();
  // After this turn of the loop (SQLite has committed by then): this process's worker sends it now.
  setImmediate(webhookEmitted);
  return id;
}
