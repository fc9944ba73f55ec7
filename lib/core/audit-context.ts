import { AsyncLocalStorage } from "node:async_hooks";
import type { Kysely } from "kysely";
import type { DB } from "@/lib/core/tables";
import { uuid7Batch } from "@/lib/core/uuid7";

/**
 * The audit seam. The route wrapper opens a context for every authenticated state-changing
 * request; `writeTx` (client.ts) writes its row inside the transaction that commits the change,
 * so a change and its record commit or roll back together. Writes added later through writeTx are
 * audited without further code. A handler may name the action precisely with `describeAudit`.
 * If a request changed state outside writeTx, the wrapper writes the row after the handler
 * (`flushAudit`), so every successful write still leaves exactly one row.
 */
export interface AuditContext {
  accountId: string;
  /** system: the app acting on its own (the webhook worker disabling an endpoint). */
  actorType: "user" | "key" | "anonymous" | "system";
  actorId: string | null;
  actorLabel: string;
  ip: string;
  action: string;
  resourceType: string;
  resourceId: string | null;
  summary: string;
  written: boolean;
}

const store = new AsyncLocalStorage<AuditContext>();

export function runWithAudit<T>(ctx: AuditContext, fn: () => Promise<T>): Promise<T> {
  return store.run(ctx, fn);
}

/** Names what the current request does (summary: short, never a secret). No-op outside a request. */
export function describeAudit(fields: Partial<Pick<AuditContext, "action" | "resourceType" | "resourceId" | "summary" | "accountId" | "actorType" | "actorId" | "actorLabel">>): void {
  const ctx = store.getStore();
  if (ctx) Object.assign(ctx, fields);
}

export async function insertAuditRow(trx: Kysely<DB>, ctx: Omit<AuditContext, "written">): Promise<void> {
  await trx
    .insertInto("audit_log")
    .values({
      id: uuid7Batch(1)[0], account_id: ctx.accountId, at: new Date().toISOString(),
      actor_type: ctx.actorType, actor_id: ctx.actorId, actor_label: ctx.actorLabel.slice(0, 200),
      action: ctx.action, resource_type: ctx.resourceType, resource_id: ctx.resourceId,
      summary: ctx.summary.slice(0, 300), ip: ctx.ip.slice(0, 100),
    })
    .execute();
}

/** Called by writeTx just before COMMIT: the first write transaction of a request carries its row. */
export async function writePendingAudit(trx: Kysely<DB>): Promise<void> {
  const ctx = store.getStore();
  // No account: an unauthenticated write such as an engine's webhook delivery, which is the engine
  // reporting, not a person acting; the call record it changes is its own history.
  if (!ctx || ctx.written || !ctx.accountId) return;
  ctx.written = true;
  try {
    await insertAuditRow(trx, ctx);
  } catch (err) {
    ctx.written = false;
    throw err;
  }
}
