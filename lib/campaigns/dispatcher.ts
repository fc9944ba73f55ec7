import "server-only";
import { config } from "@/lib/core/config";
import { logError } from "@/lib/http/log";
import {
  callStatus, claimContact, deferZone, dueContacts, inFlight, recordDialledCall, releaseClaim, setContact, skipContact, staleInFlight, tagCall, type DueRow,
} from "@/lib/campaigns/db/contacts";
import { completeIfDone, getCampaignRow, liveCampaigns, lockCampaign, type CampaignRow } from "@/lib/campaigns/db/campaigns";
import { writeTx } from "@/lib/core/client";
import { suppressedAmong } from "@/lib/suppressions/db";
import { placeCall } from "@/lib/engines/place-call";
import { AppError } from "@/lib/http/errors";
import { campaignSettings, type CampaignSettings } from "@/lib/campaigns/schema";
import { TemplateVariables } from "@/lib/contacts/schema";
import { applyCallStatus, endAttempt } from "./attempts";
import { inWindow, nextWindowStart } from "./windows";

// The campaign dispatcher: one tick decides, per running campaign, which contacts to dial now, in a
// transaction that holds the campaign (PostgreSQL: its row lock; SQLite: the write lock), so two
// instances never both fill the same free slot. A contact is claimed (pending → dialing) by a
// conditional UPDATE before its POST /call, so each attempt is dialled at most once; the engine has no
// idempotency key, so a dial whose process died mid-request is written off, never repeated.

/**
 * A claim still "dialing" without a call id after this was made by a process that stopped: a living
 * one finishes its dial within the engine request's timeout (plus a margin for database waits).
 */
const lostDialMs = () => 2 * config().ENGINE_TIMEOUT_MS + 20_000;

type Settings = Pick<CampaignSettings, "schedule" | "retry">;
export interface TickReport { campaigns: number; dialled: number }

export async function dispatchTick(now = new Date()): Promise<TickReport> {
  const campaigns = await liveCampaigns(now.toISOString());
  let dialled = 0;
  for (const c of campaigns) if (c.status === "running") dialled += await dispatchCampaign(c, now);
  return { campaigns: campaigns.length, dialled };
}

async function dispatchCampaign(c: CampaignRow, now: Date): Promise<number> {
  const settings = campaignSettings(c.settings, c.id);
  const claimed = await claimDials(c, now, settings);
  // Dial outside the transaction: a slow engine must not hold the database's write lock.
  // One dial's failure (after its POST) is logged; the call's webhook still moves its contact.
  const results = await Promise.allSettled(claimed.map((r) => dial(c, settings, r)));
  for (const r of results) if (r.status === "rejected") logError("campaign dial failed", { err: r.reason, campaign_id: c.id });
  return claimed.length;
}

/**
 * The tick's decision for one campaign, without the dials: frees stale slots, then claims (pending →
 * dialing) the contacts to call now, in one write transaction. Exported so `npm run bench` can time
 * the decision apart from the engine's latency.
 */
export async function claimDials(c: CampaignRow, now: Date, settings: Settings = campaignSettings(c.settings, c.id)): Promise<DueRow[]> {
  return writeTx((trx) => decide(trx, c, settings, now));
}

type Trx = Parameters<Parameters<typeof writeTx>[0]>[0];

async function decide(trx: Trx, c: CampaignRow, s: Settings, now: Date): Promise<DueRow[]> {
  const at = now.toISOString();
  const locked = await lockCampaign(trx, c.id);
  if (locked?.status !== "running") return [];
  await reap(trx, c, s, now);
  let free = c.max_concurrency - (await inFlight(trx, c.id));
  const claimed: DueRow[] = [];
  const { windows } = s.schedule;
  // A few rounds: contacts skipped (do-not-call) or deferred (window closed in their zone) leave the
  // due set, so the next read finds others; each round reads at most a small page of the index.
  for (let round = 0; round < 4 && free > 0; round++) {
    const limit = Math.max(free * 2, 20);
    const rows = await dueContacts(trx, c.id, at, limit);
    if (rows.length === 0) break;
    // Checked at dial time: a number added to the do-not-call list while the campaign runs is never called.
    const blocked = await suppressedAmong(trx, c.account_id, rows.map((r) => r.e164));
    const closed = new Set<string>();
    for (const r of rows) {
      if (closed.has(r.zone) || !inWindow(windows, r.zone, now)) {
        closed.add(r.zone);
        continue;
      }
      if (blocked.has(r.e164)) {
        await skipContact(trx, c.id, Number(r.seq), "suppressed", at);
        continue;
      }
      if (free <= 0) break;
      if (await claimContact(trx, c.id, Number(r.seq), at)) {
        claimed.push({ ...r, seq: Number(r.seq), attempts: r.attempts + 1 });
        free--;
      }
    }
    for (const zone of closed) await deferZone(trx, c.id, zone, at, nextWindowStart(windows, zone, now)?.toISOString() ?? null);
    if (rows.length < limit) break;
  }
  if (claimed.length === 0) await completeIfDone(trx, c.id, at);
  return claimed;
}

/** Frees slots: calls without news for stale_after_minutes, and dials lost with their process. */
async function reap(trx: Trx, c: CampaignRow, s: Settings, now: Date) {
  const at = now.toISOString();
  const staleBefore = new Date(now.getTime() - c.stale_after_minutes * 60_000).toISOString();
  for (const r of await staleInFlight(trx, c.id, "in_progress", staleBefore)) {
    await setContact(trx, c.id, Number(r.seq), { state: "failed", last_status: "stale", skip_reason: `no news for ${c.stale_after_minutes} minutes` }, at, ["in_progress"]);
  }
  for (const r of await staleInFlight(trx, c.id, "dialing", new Date(now.getTime() - lostDialMs()).toISOString())) {
    // Not retried: the engine may have placed the call before the process stopped.
    await endAttempt(trx, { campaign_id: c.id, seq: Number(r.seq), attempts: r.attempts, retry: { ...s.retry, max_attempts: 0 } }, "failed", now,
      { last_status: "dial-lost", skip_reason: "the app stopped while dialling; not retried so nobody is called twice" });
  }
}

async function dial(c: CampaignRow, s: Settings, r: DueRow) {
  const ref = { campaign_id: c.id, seq: Number(r.seq), attempts: r.attempts, retry: s.retry };
  // Pause and cancel act before every dial, not only at the next tick.
  const status = (await getCampaignRow(c.account_id, c.id))?.status;
  if (status !== "running") {
    await writeTx((trx) => releaseClaim(trx, c.id, ref.seq, status === "canceled" ? "canceled" : "pending", new Date().toISOString()));
    return;
  }
  const progress = { accepted: false };
  let callSid: string;
  try {
    const variables = TemplateVariables.parse(JSON.parse(r.variables));
    ({ call_sid: callSid } = await placeCall(c.account_id, c.agent_id, {
      to_number: r.e164, from_number: c.from_number ?? undefined, template_variables: variables, engine_id: c.engine_id,
    }, {
      // The contact learns its call's id first: from here a webhook finds it even if this process stops.
      accepted: async (sid, at) => {
        progress.accepted = true;
        await writeTx((trx) => recordDialledCall(trx, c.id, ref.seq, sid, at));
      },
    }));
  } catch (err) {
    // Once the engine accepted the call, the attempt is the call's: its webhooks end it, never this.
    // So too when its answer came too late but its webhook did: that adopted the still-dialing
    // contact (in_progress with the call's id), and failing it now would dial the person again.
    if (progress.accepted) throw err;
    await writeTx((trx) => endAttempt(trx, ref, "failed", new Date(), { last_status: "dial-error", skip_reason: reasonOf(err).slice(0, 500) }, ["dialing"]));
    return;
  }
  // The webhook may have delivered later statuses already: tag the call and read where it is now,
  // holding its row, so this and the webhook's hook never both act on one status.
  await writeTx(async (trx) => {
    await tagCall(trx, c.account_id, callSid, c.id);
    const current = await callStatus(trx, c.account_id, callSid);
    await applyCallStatus(trx, ref, callSid, current ?? "queued", new Date());
  });
}

/** A failed dial's reason as the contact shows it: the fields' own messages for a refused request. */
function reasonOf(err: unknown): string {
  const fields = err instanceof AppError ? (err.details.errors as { message: string }[] | undefined) : undefined;
  if (fields?.length) return fields.map((f) => f.message).join("; ");
  return err instanceof Error ? err.message : String(err);
}
