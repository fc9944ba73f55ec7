import "server-only";
import { db } from "@/lib/core/client";
import { HEALTH_SAMPLE, HEALTH_WINDOW_MS, summarizeHealth, uuid7Floor, type Health } from "../health";

/**
 * Health of each listed endpoint over the last 24 h: at most HEALTH_SAMPLE newest attempts each,
 * read from the (endpoint_id, id) index, so a page of endpoints costs one short range per endpoint.
 */
export async function endpointsHealth(accountId: string, endpointIds: readonly string[], now = Date.now()): Promise<Map<string, Health>> {
  const floor = uuid7Floor(now - HEALTH_WINDOW_MS);
  const rows = await Promise.all(endpointIds.map((id) => db().selectFrom("webhook_attempts").select("status")
    .where("endpoint_id", "=", id).where("id", ">=", floor).where("account_id", "=", accountId)
    .orderBy("id", "desc").limit(HEALTH_SAMPLE).execute()));
  return new Map(endpointIds.map((id, i) => [id, summarizeHealth(rows[i].map((r) => r.status))]));
}
