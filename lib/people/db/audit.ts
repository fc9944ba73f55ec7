import "server-only";
import { db } from "@/lib/core/client";
import type { AuditRow } from "@/lib/people/schema";
export type { AuditRow };

export interface AuditFilter { actor?: string; action?: string; resource?: string; from?: string; to?: string; cursor?: string; limit: number }

/**
 * Newest first, keyset on the UUIDv7 id (time-ordered) within the account: each page is an index
 * range scan, whatever the log's size. `cursor` is the last id of the previous page.
 */
export async function listAudit(accountId: string, f: AuditFilter): Promise<{ entries: AuditRow[]; next_cursor: string | null }> {
  let q = db()
    .selectFrom("audit_log")
    .select(["id", "at", "actor_type", "actor_id", "actor_label", "action", "resource_type", "resource_id", "summary", "ip"])
    .where("account_id", "=", accountId);
  if (f.actor) q = q.where("actor_id", "=", f.actor);
  if (f.action) q = q.where("action", "=", f.action);
  if (f.resource) q = q.where("resource_type", "=", f.resource);
  if (f.from) q = q.where("at", ">=", f.from);
  if (f.to) q = q.where("at", "<", f.to);
  if (f.cursor) q = q.where("id", "<", f.cursor);
  const rows = await q.orderBy("id", "desc").limit(f.limit + 1).execute();
  const entries = rows.slice(0, f.limit).map((r) => ({ ...r, at: new Date(r.at).toISOString() }));
  return { entries, next_cursor: rows.length > f.limit ? entries[entries.length - 1].id : null };
}
