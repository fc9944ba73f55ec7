import "server-only";
import type { Kysely } from "kysely";
import { callsWithContact, contactByCall, dialingContactFor, hasUnclaimedDial, recordDialledCall, setContact, tagCall } from "@/lib/campaigns/db/contacts";
import { pageCallSids, pageMemo } from "@/lib/core/page-tx";
import type { ResolvedCall } from "@/lib/calls/db/ingest";
import type { DB } from "@/lib/core/tables";
import { campaignSettings } from "@/lib/campaigns/schema";
import { applyCallStatus } from "./attempts";
import { finalStateOf } from "./retry";

/**
 * Runs in the ingest transaction of every changed execution: if a campaign placed this call, its
 * contact follows the call and the call carries the campaign's id. A contact given up as stale
 * still learns how its call really ended (never retried then: the person may have been on the phone).
 */
export async function campaignCallHook(trx: Kysely<DB>, accountId: string, call: ResolvedCall, isNew: boolean): Promise<void> {
  const now = new Date();
  const page = await pageContacts(trx, accountId);
  let row = !page || page.called.has(call.call_sid) ? await contactByCall(trx, accountId, call.call_sid) : undefined;
  // The process that placed this call stopped before recording its id: the engine's first news of the
  // call adopts it. Only a call's first record looks (later ones find the contact by call id), so
  // the status updates of calls no campaign placed do not pay for the search.
  if (!row && isNew && call.call_type === "outbound" && call.to_number && (!page || page.unclaimed)) {
    row = await dialingContactFor(trx, accountId, call);
    if (row) await recordDialledCall(trx, row.campaign_id, Number(row.seq), call.call_sid, now.toISOString());
    if (row) page?.called.add(call.call_sid);
  }
  if (!row) return;
  if (row.state === "dialing" || row.state === "in_progress") {
    await tagCall(trx, accountId, call.call_sid, row.campaign_id);
    const { retry } = campaignSettings(row.settings, row.campaign_id);
    await applyCallStatus(trx, { campaign_id: row.campaign_id, seq: Number(row.seq), attempts: row.attempts, retry }, call.call_sid, call.status, now);
    return;
  }
  const final = finalStateOf(call.status);
  if (row.last_status === "stale" && final) {
    await setContact(trx, row.campaign_id, Number(row.seq), { state: final, last_status: call.status, skip_reason: null }, now.toISOString(), ["failed"]);
  }
}

/**
 * In a page of calls stored together (a sync, lib/core/page-tx.ts): which of the page's calls a
 * campaign placed, and whether any dial is still unclaimed, read once for the page — most pages
 * have neither, and each call then looks nothing up. Undefined outside a page: look per call.
 */
function pageContacts(trx: Kysely<DB>, accountId: string): Promise<{ called: Set<string>; unclaimed: boolean } | undefined> {
  const sids = pageCallSids(trx);
  if (!sids) return Promise.resolve(undefined);
  return pageMemo(trx, `campaign-contacts:${accountId}`, async () => ({
    called: await callsWithContact(trx, accountId, sids), unclaimed: await hasUnclaimedDial(trx, accountId),
  }));
}
