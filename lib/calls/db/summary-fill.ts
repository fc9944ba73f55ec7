import "server-only";
import { sql, type Kysely } from "kysely";
import { dialect } from "@/lib/core/client";
import type { DB } from "@/lib/core/tables";

/**
 * Voxdesk's own analysis wrote a summary: it becomes the call's `summary` when the engine
 * sent none, in the analysis's transaction; the engine's own summary is never overwritten.
 * `summary_source` marks it as Voxdesk's, so the call says where its summary came from.
 */
export async function fillCallSummary(trx: Kysely<DB>, accountId: string, callSid: string, summary: string): Promise<void> {
  const query = dialect() === "postgres"
    ? sql`UPDATE calls SET extra = (COALESCE(extra, '{}')::jsonb || jsonb_build_object('summary', ${summary}::text, 'summary_source', 'voxdesk'))::text
        WHERE account_id = ${accountId} AND call_sid = ${callSid} AND (extra IS NULL OR (extra::jsonb ->> 'summary') IS NULL)`
    : sql`UPDATE calls SET extra = json_set(COALESCE(extra, '{}'), '$.summary', ${summary}, '$.summary_source', 'voxdesk')
        WHERE account_id = ${accountId} AND call_sid = ${callSid} AND json_extract(COALESCE(extra, '{}'), '$.summary') IS NULL`;
  await query.execute(trx);
}
