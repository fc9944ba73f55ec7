import "server-only";
import crypto from "node:crypto";
import { sql } from "kysely";
import { describeAudit } from "@/lib/core/audit-context";
import { db, writeTx } from "@/lib/core/client";
import { decodeCursor, keysetPage } from "@/lib/core/cursor";
import type { Metric, Rule, RuleCreateInput, RulePatchInput } from "../schema";
import type { AlertRulesTable } from "../tables";

// Alert rules, every query scoped by account. `state` comes from the open-incident index.

export type RuleRow = AlertRulesTable & { open_incident?: string | null };

export const toRule = (r: RuleRow): Rule => ({
  rule_id: r.id, name: r.name, metric: r.metric as Metric, agent_id: r.agent_id, engine_id: r.engine_id, provider: r.provider,
  comparator: r.comparator as "gt" | "lt",
  threshold: Number(r.threshold), window_minutes: Number(r.window_minutes), relative: Boolean(r.relative),
  severity: r.severity as "warning" | "critical",
  notify: { emails: JSON.parse(r.notify_emails) as string[], webhook: Boolean(r.notify_webhook) },
  state: r.open_incident ? "triggered" : "ok", evaluated_at: r.evaluated_at ?? null, created_at: r.created_at, updated_at: r.updated_at,
});

const withState = () => db().selectFrom("alert_rules as r").selectAll("r")
  .select((eb) => eb.selectFrom("alert_incidents as i").select("i.id").whereRef("i.rule_id", "=", "r.id").where("i.status", "=", "open").limit(1).as("open_incident"));

export async function createRule(accountId: string, v: RuleCreateInput): Promise<RuleRow> {
  const now = new Date().toISOString();
  const row: AlertRulesTable = {
    id: crypto.randomUUID(), account_id: accountId, name: v.name, metric: v.metric, agent_id: v.agent_id ?? null,
    engine_id: v.engine_id ?? null, provider: v.provider ?? null,
    comparator: v.comparator, threshold: v.threshold, window_minutes: v.window_minutes, relative: v.relative ? 1 : 0,
    severity: v.severity, notify_emails: JSON.stringify(v.notify.emails), notify_webhook: v.notify.webhook ? 1 : 0,
    created_at: now, updated_at: now, evaluated_at: null,
  };
  describeAudit({ resourceId: row.id, summary: `alert rule ${v.name}` });
  await writeTx((trx) => trx.insertInto("alert_rules").values(row).execute());
  return row;
}

export async function getRule(accountId: string, id: string): Promise<RuleRow | undefined> {
  return withState().where("r.account_id", "=", accountId).where("r.id", "=", id).executeTakeFirst();
}

export async function listRules(accountId: string, limit: number, cursor?: string) {
  let q = withState().where("r.account_id", "=", accountId);
  if (cursor) {
    const [createdAt, id] = decodeCursor(cursor, 2);
    q = q.where(sql<boolean>`(r.created_at, r.id) < (${createdAt}, ${id})`);
  }
  const rows = await q.orderBy("r.created_at", "desc").orderBy("r.id", "desc").limit(limit + 1).execute();
  const { items, next_cursor, has_more } = keysetPage(rows, limit, (r) => [r.created_at, r.id]);
  return { rows: items, next_cursor, has_more };
}

export async function updateRule(accountId: string, id: string, c: RulePatchInput): Promise<RuleRow | undefined> {
  const set: Partial<AlertRulesTable> = { updated_at: new Date().toISOString() };
  for (const k of ["name", "metric", "comparator", "threshold", "window_minutes", "severity"] as const) {
    if (c[k] !== undefined) Object.assign(set, { [k]: c[k] });
  }
  if (c.agent_id !== undefined) set.agent_id = c.agent_id;
  if (c.engine_id !== undefined) set.engine_id = c.engine_id;
  if (c.provider !== undefined) set.provider = c.provider;
  if (c.relative !== undefined) set.relative = c.relative ? 1 : 0;
  if (c.notify !== undefined) Object.assign(set, { notify_emails: JSON.stringify(c.notify.emails), notify_webhook: c.notify.webhook ? 1 : 0 });
  const res = await writeTx((trx) => trx.updateTable("alert_rules").set(set).where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst());
  if (Number(res.numUpdatedRows) === 0) return undefined;
  return getRule(accountId, id);
}

/** Its incidents go with it (ON DELETE CASCADE). */
export async function deleteRule(accountId: string, id: string): Promise<boolean> {
  const res = await writeTx((trx) => trx.deleteFrom("alert_rules").where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst());
  return Number(res.numDeletedRows) > 0;
}

/** Every rule of every account, for the evaluator (a rule is a small row; accounts have few). */
export async function allRules(): Promise<AlertRulesTable[]> {
  return db().selectFrom("alert_rules").selectAll().orderBy("id").execute();
}

/** Records that an evaluator computed these rules at `at` (never moving the time back: instances tick together). */
export async function markEvaluated(ids: string[], at: string): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await db().updateTable("alert_rules").set({ evaluated_at: at }).where("id", "in", chunk)
      .where((eb) => eb.or([eb("evaluated_at", "is", null), eb("evaluated_at", "<", at)])).execute();
  }
}
