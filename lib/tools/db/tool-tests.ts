import "server-only";
import { sql } from "kysely";
import { db, writeTx } from "@/lib/core/client";
import type { ToolTestRecord } from "@/lib/tools/schema";
export type { ToolTestRecord };


export type NewToolTest = Omit<ToolTestRecord, "id">;

// History is for a person looking at the console: keep the recent runs and a readable slice of
// each answer, not every 1 MiB body forever.
export const HISTORY_PER_TOOL = 100;
export const STORED_RESPONSE_CHARS = 16 * 1024;

function storedResponse(data: Record<string, unknown> | null): string | null {
  if (data === null) return null;
  const text = JSON.stringify(data);
  if (text.length <= STORED_RESPONSE_CHARS) return text;
  return JSON.stringify({ truncated: true, raw: text.slice(0, STORED_RESPONSE_CHARS) });
}

/**
 * Appends a test to the history and moves the tool's lastTested/testStatus forward (never back:
 * of two overlapping tests the later-started one wins). False when the tool is gone.
 */
export async function recordToolTest(accountId: string, toolId: string, t: NewToolTest): Promise<boolean> {
  return writeTx(async (trx) => {
    const tool = await trx.selectFrom("tools").select("id").where("account_id", "=", accountId).where("id", "=", toolId).executeTakeFirst();
    if (!tool) return false;
    await trx
      .insertInto("tool_tests")
      .values({
        account_id: accountId, tool_id: toolId, test_status: t.test_status, http_status: t.http_status, message: t.message,
        request_url: t.request_url, request_method: t.request_method, test_params: JSON.stringify(t.test_params),
        response_data: storedResponse(t.response_data), tested_at: t.tested_at, duration_ms: Math.round(t.duration_ms),
      })
      .execute();
    await trx
      .updateTable("tools")
      .set({ last_tested: t.tested_at, test_status: t.test_status })
      .where("account_id", "=", accountId)
      .where("id", "=", toolId)
      .where((eb) => eb.or([eb("last_tested", "is", null), eb("last_tested", "<=", t.tested_at)]))
      .execute();
    await trx
      .deleteFrom("tool_tests")
      .where("account_id", "=", accountId)
      .where("tool_id", "=", toolId)
      .where("id", "<", sql<number>`(SELECT id FROM tool_tests WHERE tool_id = ${toolId} ORDER BY id DESC LIMIT 1 OFFSET ${HISTORY_PER_TOOL - 1})`)
      .execute();
    return true;
  });
}

/** The tool's most recent tests, newest first. */
export async function listToolTests(accountId: string, toolId: string, limit = 20): Promise<ToolTestRecord[]> {
  const rows = await db()
    .selectFrom("tool_tests")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("tool_id", "=", toolId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id), test_status: r.test_status, http_status: r.http_status, message: r.message,
    request_url: r.request_url, request_method: r.request_method, test_params: JSON.parse(r.test_params),
    response_data: r.response_data === null ? null : JSON.parse(r.response_data), tested_at: r.tested_at,
    duration_ms: r.duration_ms,
  }));
}
