import "server-only";
import crypto from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Campaign, CampaignSettings, CampaignStatus, CampaignWithStats } from "@/lib/campaigns/schema";
import { campaignSettings } from "@/lib/campaigns/schema";
import { campaignFigures } from "@/lib/campaigns/stats";
import { describeAudit } from "@/lib/core/audit-context";
import { db, dialect, writeTx } from "@/lib/core/client";
import { decodeCursor, keysetPage } from "@/lib/core/cursor";
import type { CampaignsTable, DB } from "@/lib/core/tables";
import { emitEvent } from "@/lib/webhooks/db/outbox";

/** What the API resolved from a create/update body: defaults filled, references checked. */
export interface CampaignValues extends CampaignSettings {
  name: string; agent_id: string; list_id: string; engine_id: string; from_number: string | null;
  max_concurrency: number; stale_after_minutes: number;
}

export type CampaignRow = CampaignsTable;

export function toCampaign(r: CampaignRow): Campaign {
  const s = campaignSettings(r.settings, r.id);
  return {
    campaign_id: r.id, name: r.name, status: r.status as CampaignStatus, agent_id: r.agent_id, list_id: r.list_id,
    engine_id: r.engine_id, from_number: r.from_number, schedule: s.schedule, max_concurrency: r.max_concurrency,
    retry: s.retry, on_missing_variables: s.on_missing_variables, stale_after_minutes: r.stale_after_minutes,
    created_at: r.created_at, updated_at: r.updated_at, started_at: r.started_at, finished_at: r.finished_at,
  };
}

function columns(v: CampaignValues) {
  return {
    name: v.name, agent_id: v.agent_id, list_id: v.list_id, engine_id: v.engine_id, from_number: v.from_number,
    max_concurrency: v.max_concurrency, stale_after_minutes: v.stale_after_minutes, start_at: v.schedule.start_at,
    settings: JSON.stringify({ schedule: v.schedule, retry: v.retry, on_missing_variables: v.on_missing_variables } satisfies CampaignSettings),
  };
}

export async function createCampaign(accountId: string, v: CampaignValues): Promise<CampaignRow> {
  const now = new Date().toISOString();
  const row: CampaignRow = { id: crypto.randomUUID(), account_id: accountId, status: "draft", ...columns(v), created_at: now, updated_at: now, started_at: null, finished_at: null };
  describeAudit({ resourceId: row.id }); // the audit row of this request names what it created
  await writeTx((trx) => trx.insertInto("campaigns").values(row).execute());
  return row;
}

export async function getCampaignRow(accountId: string, id: string, trx: Kysely<DB> = db()): Promise<CampaignRow | undefined> {
  return trx.selectFrom("campaigns").selectAll().where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst();
}

/** Replaces a draft's settings; undefined when the campaign is not (or no longer) a draft. */
export async function updateDraft(accountId: string, id: string, v: CampaignValues): Promise<CampaignRow | undefined> {
  return writeTx(async (trx) => {
    await trx.updateTable("campaigns").set({ ...columns(v), updated_at: new Date().toISOString() })
      .where("account_id", "=", accountId).where("id", "=", id).where("status", "=", "draft").execute();
    const row = await getCampaignRow(accountId, id, trx);
    return row?.status === "draft" ? row : undefined;
  });
}

export async function deleteDraft(accountId: string, id: string): Promise<boolean> {
  const res = await writeTx((trx) => trx.deleteFrom("campaigns").where("account_id", "=", accountId).where("id", "=", id)
    .where("status", "=", "draft").executeTakeFirst());
  return Number(res.numDeletedRows) > 0;
}

/**
 * Moves a campaign from one of `from` to `to` with a conditional UPDATE, so two requests (or a
 * request and the dispatcher) cannot both make the same transition. `then` runs in the same
 * transaction when the move happened (e.g. cancel also cancels the pending contacts).
 */
export async function transition(
  accountId: string, id: string, from: readonly CampaignStatus[], to: CampaignStatus,
  set: Partial<Pick<CampaignRow, "started_at" | "finished_at">> = {}, then?: (trx: Kysely<DB>) => Promise<void>,
): Promise<{ moved: boolean; row: CampaignRow | undefined }> {
  return writeTx(async (trx) => {
    const res = await trx.updateTable("campaigns").set({ status: to, updated_at: new Date().toISOString(), ...set })
      .where("account_id", "=", accountId).where("id", "=", id).where("status", "in", [...from]).executeTakeFirst();
    const moved = Number(res.numUpdatedRows) > 0;
    if (moved && then) await then(trx);
    return { moved, row: await getCampaignRow(accountId, id, trx) };
  });
}

/** draft → running | scheduled, once: false when another request started (or changed) it first. */
export async function markStarted(trx: Kysely<DB>, accountId: string, id: string, status: CampaignStatus, at: string): Promise<boolean> {
  const res = await trx.updateTable("campaigns").set({ status, started_at: at, updated_at: at })
    .where("account_id", "=", accountId).where("id", "=", id).where("status", "=", "draft").executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function listCampaigns(accountId: string, opts: { limit: number; cursor?: string; status?: CampaignStatus }) {
  let q = db().selectFrom("campaigns").selectAll().where("account_id", "=", accountId);
  if (opts.status) q = q.where("status", "=", opts.status);
  if (opts.cursor) {
    const [createdAt, id] = decodeCursor(opts.cursor, 2);
    q = q.where(sql<boolean>`(created_at, id) < (${createdAt}, ${id})`);
  }
  const rows = await q.orderBy("created_at", "desc").orderBy("id", "desc").limit(opts.limit + 1).execute();
  const { items, next_cursor, has_more } = keysetPage(rows, opts.limit, (r) => [r.created_at, r.id]);
  return { campaigns: await withStats(accountId, items), next_cursor, has_more };
}

/**
 * Live figures for a page of campaigns (lib/campaigns/stats.ts): contact states grouped through the
 * (campaign, state) index, cost and answer rate from the campaign's calls (calls_campaign index),
 * a draft's list size.
 */
export async function withStats(accountId: string, rows: CampaignRow[]): Promise<CampaignWithStats[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const states = await db().selectFrom("campaign_contacts").select(["campaign_id", "state"])
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.sum<number>("attempts").as("attempts")])
    .where("campaign_id", "in", ids).groupBy(["campaign_id", "state"]).execute();
  const calls = await db().selectFrom("calls").select(["campaign_id", "status"])
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.sum<number>("cost").as("cost")])
    .where("account_id", "=", accountId).where("campaign_id", "in", ids).groupBy(["campaign_id", "status"]).execute();
  const drafts = rows.filter((r) => r.status === "draft").map((r) => r.list_id);
  const listSizes = new Map((drafts.length ? await db().selectFrom("contact_lists").select(["id", "contact_count"])
    .where("account_id", "=", accountId).where("id", "in", drafts).execute() : []).map((l) => [l.id, Number(l.contact_count)]));
  return rows.map((r) => ({
    ...toCampaign(r),
    ...campaignFigures(
      states.filter((s) => s.campaign_id === r.id).map((s) => ({ state: s.state, n: Number(s.n), attempts: Number(s.attempts ?? 0) })),
      calls.filter((c) => c.campaign_id === r.id).map((c) => ({ status: c.status, n: Number(c.n), cost: Number(c.cost ?? 0) })),
      r.status === "draft" ? (listSizes.get(r.list_id) ?? 0) : undefined,
    ),
  }));
}

/** The dispatcher's cross-account read: campaigns that may dial now (partial index campaigns_live). */
export async function liveCampaigns(now: string): Promise<CampaignRow[]> {
  // A scheduled campaign whose start has come runs from this tick on; the conditional UPDATE makes
  // the move once even when two instances tick together.
  await writeTx((trx) => trx.updateTable("campaigns").set({ status: "running", updated_at: now })
    .where("status", "=", "scheduled").where((eb) => eb.or([eb("start_at", "is", null), eb("start_at", "<=", now)])).execute());
  return db().selectFrom("campaigns").selectAll().where("status", "in", ["scheduled", "running"]).execute();
}

/** Ends a running campaign once nothing is pending or in flight. */
export async function completeIfDone(trx: Kysely<DB>, id: string, now: string): Promise<boolean> {
  const open = await trx.selectFrom("campaign_contacts").select("seq").where("campaign_id", "=", id)
    .where("state", "in", ["pending", "dialing", "in_progress"]).limit(1).executeTakeFirst();
  if (open) return false;
  const done = await trx.updateTable("campaigns").set({ status: "completed", finished_at: now, updated_at: now })
    .where("id", "=", id).where("status", "=", "running").returning("account_id").executeTakeFirst();
  if (done) await emitCampaignEvent(trx, done.account_id, id, "campaign.completed");
  return Boolean(done);
}

/** The campaign as the API shows it, into the webhook outbox of the transaction that moved its status. */
export async function emitCampaignEvent(trx: Kysely<DB>, accountId: string, id: string, type: "campaign.started" | "campaign.paused" | "campaign.completed") {
  const row = await getCampaignRow(accountId, id, trx);
  if (row) await emitEvent(trx, accountId, type, () => toCampaign(row));
}

/** PostgreSQL: lock the campaign row so one instance at a time decides its dials (SQLite: BEGIN IMMEDIATE did). */
export async function lockCampaign(trx: Kysely<DB>, id: string): Promise<CampaignRow | undefined> {
  return trx.selectFrom("campaigns").selectAll().where("id", "=", id).$if(dialect() === "postgres", (q) => q.forUpdate()).executeTakeFirst();
}
