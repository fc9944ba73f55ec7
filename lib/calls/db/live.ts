import "server-only";
import crypto from "node:crypto";
import { db } from "@/lib/core/client";
import { CALL_STATUSES, isFinalStatus } from "@/lib/calls/status";

/** The statuses a call moves on from by itself (the engine still has news about it). */
const IN_FLIGHT = CALL_STATUSES.filter((s) => !isFinalStatus(s));

/**
 * An engine call that has reported nothing final for this long is taken as lost (a webhook that
 * never came), so one stuck row cannot keep every open console refreshing for ever.
 */
export const IN_FLIGHT_HORIZON_MS = 6 * 3_600_000;
/** More in-flight calls than any account places at once; a bound on one read, not a product limit. */
const MAX_ROWS = 2_000;

export interface InFlight { calls: number; marker: string }

/**
 * The account's engine calls still in flight and a marker that changes whenever one of them moves
 * (a new call, a status or updated_at change, a call leaving by turning final). Read through the
 * (account_id, status, created_at) index, so its cost follows the calls in flight, not the account's
 * history or other accounts' data; read from the shared database, so it sees what any app instance
 * (or the CLI) committed. Imported calls (status_rank 0) never move, so they are left out.
 */
export async function inFlightCalls(accountId: string, now = Date.now()): Promise<InFlight> {
  const rows = await db().selectFrom("calls").select(["call_sid", "status", "updated_at"])
    .where("account_id", "=", accountId).where("status", "in", IN_FLIGHT)
    .where("created_at", ">=", new Date(now - IN_FLIGHT_HORIZON_MS).toISOString())
    .where("status_rank", ">", 0)
    .orderBy("call_sid").limit(MAX_ROWS).execute();
  const hash = crypto.createHash("sha256");
  for (const r of rows) hash.update(`${r.call_sid}\n${r.status}\n${stamp(r.updated_at)}\n`);
  return { calls: rows.length, marker: hash.digest("base64url").slice(0, 22) };
}

// PostgreSQL hands timestamptz back as a Date, SQLite as the stored text.
const stamp = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v ?? ""));
