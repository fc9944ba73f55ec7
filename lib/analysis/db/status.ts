import "server-only";
import { db } from "@/lib/core/client";
import { sqliteStatement } from "@/lib/core/prepared";
import type { JobState } from "../tables";

// What the call log shows of the queue: a call's job state and, when it failed, why. Read in one
// query per page, beside the stored outcomes (lib/calls/db/calls.ts).

export interface JobStatus { state: JobState; reason: string | null }

const BATCH_SQL = "SELECT call_sid, state, reason FROM analysis_jobs WHERE account_id = ? AND call_sid IN (SELECT value FROM json_each(?))";

export async function jobsFor(accountId: string, callSids: string[]): Promise<Map<string, JobStatus>> {
  if (callSids.length === 0) return new Map();
  const stmt = sqliteStatement(BATCH_SQL);
  const rows = (stmt
    ? stmt.all(accountId, JSON.stringify(callSids))
    : await db().selectFrom("analysis_jobs").select(["call_sid", "state", "reason"]).where("account_id", "=", accountId).where("call_sid", "in", callSids).execute()
  ) as { call_sid: string; state: JobState; reason: string | null }[];
  return new Map(rows.map((r) => [r.call_sid, { state: r.state, reason: r.reason }]));
}
