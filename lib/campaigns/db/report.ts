import "server-only";
import { db } from "@/lib/core/client";
import { decodeCursor, keysetPage } from "@/lib/core/cursor";
import { NO_OUTCOME, outcomesFor, type CallOutcome } from "@/lib/outcomes/db";

// The campaign report (GET /api/campaigns/{id}/report.csv): one row per contact, its variables, and
// each attempt's call. A contact's calls are the calls the campaign tagged (calls.campaign_id) to its
// number, oldest first; a list holding one number twice shows that number's calls on both rows.
// Each call carries its outcome, read in the same chunks as the calls.

export interface ReportCall { call_sid: string; status: string; duration: number; cost: number; summary: string | null; created_at: string; outcome: CallOutcome }
export interface ReportContact {
  contact_id: string; phone_number: string; variables: Record<string, unknown>; state: string; attempts: number;
  last_call_sid: string | null; last_status: string | null; next_attempt_at: string | null; skip_reason: string | null; updated_at: string;
  calls: ReportCall[];
}

export async function reportPage(accountId: string, campaignId: string, opts: { limit: number; cursor?: string }) {
  let q = db().selectFrom("campaign_contacts")
    .select(["seq", "contact_id", "e164", "variables", "state", "attempts", "last_call_sid", "last_status", "next_attempt_at", "skip_reason", "updated_at"])
    .where("campaign_id", "=", campaignId);
  if (opts.cursor) q = q.where("seq", ">", Number(decodeCursor(opts.cursor, 1)[0]));
  const rows = await q.orderBy("seq").limit(opts.limit + 1).execute();
  const { items, next_cursor } = keysetPage(rows, opts.limit, (r) => [Number(r.seq)]);
  const numbers = [...new Set(items.map((r) => r.e164))];
  const byNumber = new Map<string, ReportCall[]>();
  // One query per page, in chunks that stay under SQLite's parameter limit.
  for (let i = 0; i < numbers.length; i += 500) {
    const calls = await db().selectFrom("calls").select(["to_number", "call_sid", "status", "duration", "cost", "extra", "created_at"])
      .where("account_id", "=", accountId).where("campaign_id", "=", campaignId).where("to_number", "in", numbers.slice(i, i + 500))
      .orderBy("created_at").orderBy("id").execute();
    const outcomes = new Map<string, CallOutcome>();
    for (let j = 0; j < calls.length; j += 500) {
      for (const [sid, o] of await outcomesFor(accountId, calls.slice(j, j + 500).map((c) => c.call_sid))) outcomes.set(sid, o);
    }
    for (const c of calls) {
      const list = byNumber.get(c.to_number) ?? [];
      const extra = c.extra ? (JSON.parse(c.extra) as { summary?: string | null }) : {};
      list.push({
        call_sid: c.call_sid, status: c.status, duration: Number(c.duration), cost: Number(c.cost), summary: extra.summary ?? null, created_at: c.created_at,
        outcome: outcomes.get(c.call_sid) ?? NO_OUTCOME,
      });
      byNumber.set(c.to_number, list);
    }
  }
  const contacts: ReportContact[] = items.map((r) => ({
    contact_id: r.contact_id, phone_number: r.e164, variables: JSON.parse(r.variables), state: r.state, attempts: r.attempts,
    last_call_sid: r.last_call_sid, last_status: r.last_status, next_attempt_at: r.state === "pending" ? r.next_attempt_at : null,
    skip_reason: r.skip_reason, updated_at: r.updated_at, calls: byNumber.get(r.e164) ?? [],
  }));
  return { contacts, next_cursor };
}
