import "server-only";
import type { Kysely } from "kysely";
import { contactByCall, setContact } from "@/lib/db/campaign-contacts";
import type { ExecutionCall } from "@/lib/db/executions";
import type { DB } from "@/lib/db/types";
import { applyCallStatus } from "./attempts";
import { finalStateOf, type RetryPolicy } from "./retry";

/**
 * Runs in the ingest transaction of every changed execution: if a campaign placed this call, its
 * contact follows the call. A contact given up as stale still learns how its call really ended
 * (never retried then: the person may have been on the phone).
 */
export async function campaignCallHook(trx: Kysely<DB>, accountId: string, call: ExecutionCall): Promise<void> {
  const row = await contactByCall(trx, accountId, call.call_sid);
  if (!row) return;
  const now = new Date();
  if (row.state === "in_progress") {
    const retry = (JSON.parse(row.settings) as { retry: RetryPolicy }).retry;
    await applyCallStatus(trx, { campaign_id: row.campaign_id, seq: Number(row.seq), attempts: row.attempts, retry }, call.call_sid, call.status, now);
    return;
  }
  const final = finalStateOf(call.status);
  if (row.last_status === "stale" && final) {
    await setContact(trx, row.campaign_id, Number(row.seq), { state: final, last_status: call.status, skip_reason: null }, now.toISOString(), ["failed"]);
  }
}
