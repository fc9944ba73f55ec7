import "server-only";
import { sql, type Kysely } from "kysely";
import type { CampaignContact, ContactState } from "@/lib/campaigns/schema";
import { db, dialect } from "@/lib/core/client";
import { decodeCursor, keysetPage } from "@/lib/core/cursor";
import { runSql } from "@/lib/core/prepared";
import type { CampaignContactsTable, DB } from "@/lib/core/tables";

/** A list contact as a campaign plans it: its number, variables and whether it is on the do-not-call list. */
export interface SourceContact { seq: number; contact_id: string; e164: string; variables: Record<string, unknown>; suppressed: boolean }

/**
 * The list's contacts in seq order, a page at a time (keyset on seq), each with its do-not-call flag
 * from a join on the account's suppressions: one pass, however long the list.
 */
export async function* listSource(accountId: string, listId: string, trx: Kysely<DB> = db(), pageSize = 2000): AsyncGenerator<SourceContact[]> {
  let after = -1;
  for (;;) {
    const rows = await trx.selectFrom("contacts as c")
      .innerJoin("contact_lists as l", "l.id", "c.list_id")
      .leftJoin("suppressions as s", (j) => j.onRef("s.e164", "=", "c.e164").on("s.account_id", "=", accountId))
      .select(["c.seq", "c.id", "c.e164", "c.template_variables", "s.e164 as suppressed"])
      .where("l.account_id", "=", accountId).where("c.list_id", "=", listId).where("c.seq", ">", after)
      .orderBy("c.seq").limit(pageSize).execute();
    if (rows.length === 0) return;
    yield rows.map((r) => ({ seq: Number(r.seq), contact_id: r.id, e164: r.e164, variables: JSON.parse(r.template_variables), suppressed: r.suppressed !== null }));
    after = Number(rows[rows.length - 1].seq);
    if (rows.length < pageSize) return;
  }
}

export async function insertSnapshot(trx: Kysely<DB>, rows: CampaignContactsTable[]) {
  // 13 parameters a row: 200 rows a statement stays under both backends' limits.
  for (let i = 0; i < rows.length; i += 200) await trx.insertInto("campaign_contacts").values(rows.slice(i, i + 200)).execute();
}

/**
 * PostgreSQL, after a start's snapshot: fresh statistics, so the claim's UPDATE by (campaign, seq)
 * uses the primary key. Without them (before autovacuum's first analyze) the planner may walk the
 * pending part of campaign_contacts_due instead: 9 ms a claim at 99k pending against 0.07 ms.
 */
export async function analyzeSnapshot() {
  if (dialect() === "postgres") await sql`ANALYZE campaign_contacts`.execute(db());
}

const PUBLIC_COLUMNS = ["seq", "contact_id", "e164", "state", "attempts", "last_call_sid", "last_status", "next_attempt_at", "skip_reason", "updated_at"] as const;
type PublicRow = Pick<CampaignContactsTable, (typeof PUBLIC_COLUMNS)[number]>;
const toPublic = (r: PublicRow): CampaignContact => ({
  contact_id: r.contact_id, phone_number: r.e164, state: r.state as ContactState, attempts: r.attempts, last_call_sid: r.last_call_sid,
  last_status: r.last_status, next_attempt_at: r.state === "pending" ? r.next_attempt_at : null, skip_reason: r.skip_reason, updated_at: r.updated_at,
});

/** In list order, keyset on seq; with a state filter the (campaign, state, …) index serves it. */
export async function listCampaignContacts(campaignId: string, opts: { limit: number; cursor?: string; state?: ContactState }) {
  let q = db().selectFrom("campaign_contacts").select([...PUBLIC_COLUMNS]).where("campaign_id", "=", campaignId);
  if (opts.state) q = q.where("state", "=", opts.state);
  if (opts.cursor) q = q.where("seq", ">", Number(decodeCursor(opts.cursor, 1)[0]));
  const rows = await q.orderBy("seq").limit(opts.limit + 1).execute();
  const { items, next_cursor, has_more } = keysetPage(rows, opts.limit, (r) => [Number(r.seq)]);
  return { contacts: items.map(toPublic), next_cursor, has_more };
}

/** Cancel: pending contacts will not be called; calls in flight finish and are recorded. */
export async function cancelPending(trx: Kysely<DB>, campaignId: string, now: string) {
  await trx.updateTable("campaign_contacts").set({ state: "canceled", next_attempt_at: null, updated_at: now })
    .where("campaign_id", "=", campaignId).where("state", "=", "pending").execute();
}

/** Counts a campaign's in-flight contacts (dialing or in progress) through the state index. */
export async function inFlight(trx: Kysely<DB>, campaignId: string): Promise<number> {
  const row = await trx.selectFrom("campaign_contacts").select((eb) => eb.fn.countAll<number>().as("n"))
    .where("campaign_id", "=", campaignId).where("state", "in", ["dialing", "in_progress"]).executeTakeFirstOrThrow();
  return Number(row.n);
}

export type DueRow = Pick<CampaignContactsTable, "seq" | "e164" | "zone" | "variables" | "attempts">;

/** Pending contacts whose time has come, oldest first; reads only the due part of the index. */
export async function dueContacts(trx: Kysely<DB>, campaignId: string, now: string, limit: number): Promise<DueRow[]> {
  return trx.selectFrom("campaign_contacts").select(["seq", "e164", "zone", "variables", "attempts"])
    .where("campaign_id", "=", campaignId).where("state", "=", "pending").where("next_attempt_at", "<=", now)
    .orderBy("next_attempt_at").orderBy("seq").limit(limit).execute();
}

/** Pending, due contacts of one zone wait for its next window (one statement per zone and tick). */
export async function deferZone(trx: Kysely<DB>, campaignId: string, zone: string, now: string, until: string | null) {
  const q = trx.updateTable("campaign_contacts").where("campaign_id", "=", campaignId).where("state", "=", "pending")
    .where("next_attempt_at", "<=", now).where("zone", "=", zone);
  // Windows that never open (no day selected is refused by the schema) would leave a contact waiting forever.
  await (until ? q.set({ next_attempt_at: until }) : q.set({ state: "skipped", skip_reason: "no_window", next_attempt_at: null, updated_at: now })).execute();
}

export async function skipContact(trx: Kysely<DB>, campaignId: string, seq: number, reason: string, now: string) {
  await trx.updateTable("campaign_contacts").set({ state: "skipped", skip_reason: reason, next_attempt_at: null, updated_at: now })
    .where("campaign_id", "=", campaignId).where("seq", "=", seq).where("state", "=", "pending").execute();
}

/** The claim: pending → dialing and one more attempt, only if still pending. True when this caller won it. */
export async function claimContact(trx: Kysely<DB>, campaignId: string, seq: number, now: string): Promise<boolean> {
  const res = await trx.updateTable("campaign_contacts")
    .set((eb) => ({ state: "dialing", attempts: eb("attempts", "+", 1), updated_at: now, last_call_sid: null, last_status: null }))
    .where("campaign_id", "=", campaignId).where("seq", "=", seq).where("state", "=", "pending").executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** A claim given back before its dial (the campaign was paused or canceled meanwhile). */
export async function releaseClaim(trx: Kysely<DB>, campaignId: string, seq: number, to: "pending" | "canceled", now: string) {
  await trx.updateTable("campaign_contacts")
    .set((eb) => ({ state: to, attempts: eb("attempts", "-", 1), updated_at: now, ...(to === "canceled" ? { next_attempt_at: null } : {}) }))
    .where("campaign_id", "=", campaignId).where("seq", "=", seq).where("state", "=", "dialing").execute();
}

export interface InFlightRow { campaign_id: string; seq: number; state: string; attempts: number; last_status: string | null; settings: string; account_id: string }

// Both run in the ingest transaction of every new execution (lib/campaigns/call-hook.ts): constant
// SQL through runSql, compiled once per SQLite connection, where Kysely built and prepared both
// again per webhook delivery (the ingest profile showed it).
const IN_FLIGHT = "SELECT cc.campaign_id, cc.seq, cc.state, cc.attempts, cc.last_status, c.settings, c.account_id FROM campaign_contacts cc INNER JOIN campaigns c ON c.id = cc.campaign_id";
const BY_CALL = `${IN_FLIGHT} WHERE cc.last_call_sid = ? AND c.account_id = ? LIMIT 1`;
const DIALING = `${IN_FLIGHT} WHERE c.account_id = ? AND c.agent_id = ? AND c.engine_id = ? AND cc.state = 'dialing' AND cc.last_call_sid IS NULL AND cc.e164 = ? ORDER BY cc.updated_at LIMIT 1`;

/** The contact a call belongs to (webhook → contact), with its campaign's settings. */
export async function contactByCall(trx: Kysely<DB>, accountId: string, callSid: string): Promise<InFlightRow | undefined> {
  return (await runSql<InFlightRow>(trx, BY_CALL, [callSid, accountId]))[0];
}

/**
 * A call nobody has claimed yet that a campaign dialled: the process that placed it stopped before
 * it could record the call's id. Matched by agent, engine and number among the few contacts in
 * "dialing" of that agent's live campaigns (the state index keeps this small).
 */
export async function dialingContactFor(trx: Kysely<DB>, accountId: string, call: { agent_id: string; engine_id: string; to_number: string }): Promise<InFlightRow | undefined> {
  return (await runSql<InFlightRow>(trx, DIALING, [accountId, call.agent_id, call.engine_id, call.to_number]))[0];
}

/** Which of these calls a campaign of the account placed (a page of calls stored together asks once). */
export async function callsWithContact(trx: Kysely<DB>, accountId: string, callSids: readonly string[]): Promise<Set<string>> {
  if (!callSids.length) return new Set();
  const rows = await trx.selectFrom("campaign_contacts as cc").innerJoin("campaigns as c", "c.id", "cc.campaign_id").select("cc.last_call_sid")
    .where("c.account_id", "=", accountId).where("cc.last_call_sid", "in", [...callSids]).execute();
  return new Set(rows.map((r) => r.last_call_sid!));
}

/** Whether any contact of the account is being dialled with no call recorded yet (what dialingContactFor can adopt). */
export async function hasUnclaimedDial(trx: Kysely<DB>, accountId: string): Promise<boolean> {
  const row = await trx.selectFrom("campaign_contacts as cc").innerJoin("campaigns as c", "c.id", "cc.campaign_id").select("cc.seq")
    .where("c.account_id", "=", accountId).where("cc.state", "=", "dialing").where("cc.last_call_sid", "is", null).limit(1).executeTakeFirst();
  return row !== undefined;
}

export type ContactUpdate = Partial<Pick<CampaignContactsTable, "state" | "next_attempt_at" | "last_call_sid" | "last_status" | "skip_reason">>;

export async function setContact(trx: Kysely<DB>, campaignId: string, seq: number, set: ContactUpdate, now: string, onlyIn?: readonly string[]) {
  let q = trx.updateTable("campaign_contacts").set({ ...set, updated_at: now }).where("campaign_id", "=", campaignId).where("seq", "=", seq);
  if (onlyIn) q = q.where("state", "in", [...onlyIn]);
  await q.execute();
}

/** In-flight rows without news since `before` (stale calls, or dials whose process died mid-request). */
export async function staleInFlight(trx: Kysely<DB>, campaignId: string, state: "dialing" | "in_progress", before: string) {
  // The ORDER BY is the index's own order, and it is what makes SQLite read campaign_contacts_due
  // (campaign_id, state) here: without it (and without ANALYZE statistics) it preferred the primary
  // key (campaign_id = ?), a scan of every contact of the campaign on every tick (~10 ms per 100k,
  // twice a tick). `npm run bench` section 7 compares a 100k and a 1k campaign to catch that again.
  return trx.selectFrom("campaign_contacts").select(["seq", "attempts", "last_call_sid"])
    .where("campaign_id", "=", campaignId).where("state", "=", state).where("updated_at", "<", before)
    .orderBy("next_attempt_at").orderBy("seq").execute();
}

/** Right after POST /call: the contact is in progress with its call's id, so a webhook finds it from now on. */
export async function recordDialledCall(trx: Kysely<DB>, campaignId: string, seq: number, callSid: string, now: string) {
  await trx.updateTable("campaign_contacts").set({ state: "in_progress", last_call_sid: callSid, last_status: "queued", updated_at: now })
    .where("campaign_id", "=", campaignId).where("seq", "=", seq).where("state", "=", "dialing").execute();
}

/** Marks which campaign placed a call (PostgreSQL: the UPDATE also holds the call's row for the rest of the transaction). */
export async function tagCall(trx: Kysely<DB>, accountId: string, callSid: string, campaignId: string) {
  await trx.updateTable("calls").set({ campaign_id: campaignId }).where("account_id", "=", accountId).where("call_sid", "=", callSid).execute();
}

/** A call's status now (the webhook may have moved it since the dial). */
export async function callStatus(trx: Kysely<DB>, accountId: string, callSid: string): Promise<string | undefined> {
  const row = await trx.selectFrom("calls").select("status").where("account_id", "=", accountId).where("call_sid", "=", callSid).executeTakeFirst();
  return row?.status;
}

