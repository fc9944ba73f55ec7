import "server-only";
import { db } from "./client";
import { runSql } from "./prepared";

// How much background work waits, per queue, for GET /metrics: counted when scraped, not on the
// hot paths. Each queue's rows waiting or under way, and the oldest one's creation time.
const QUEUES: { queue: string; sql: string }[] = [
  { queue: "analysis", sql: "SELECT count(*) AS depth, min(created_at) AS oldest FROM analysis_jobs WHERE state IN ('queued', 'running')" },
  { queue: "webhook delivery", sql: "SELECT count(*) AS depth, min(created_at) AS oldest FROM webhook_deliveries WHERE status = 'pending'" },
  { queue: "carrier prices", sql: "SELECT count(*) AS depth, min(created_at) AS oldest FROM call_price_jobs" },
  { queue: "alert mail", sql: "SELECT count(*) AS depth, min(created_at) AS oldest FROM alert_mails WHERE status = 'pending'" },
  { queue: "engine syncs", sql: "SELECT count(*) AS depth, min(started_at) AS oldest FROM engine_syncs WHERE status = 'running'" },
  {
    queue: "agent test runs",
    sql: `SELECT count(*) AS depth, min(r.created_at) AS oldest FROM agent_test_results t JOIN agent_test_runs r ON r.id = t.run_id
      WHERE t.state IN ('queued', 'running')`,
  },
];

export async function queueFigures(now = Date.now()): Promise<{ queue: string; depth: number; oldestSeconds: number }[]> {
  return Promise.all(QUEUES.map(async ({ queue, sql }) => {
    const [row] = await runSql<{ depth: number | string; oldest: string | Date | null }>(db(), sql, []);
    const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
    return { queue, depth: Number(row?.depth ?? 0), oldestSeconds: oldest === null ? 0 : Math.max(0, (now - oldest) / 1000) };
  }));
}
