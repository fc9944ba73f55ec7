import "server-only";
import type { Kysely } from "kysely";
import type { DB } from "@/lib/core/tables";
import type { Evaluated } from "@/lib/outcomes/evaluate";
import { emitEvent } from "./db/outbox";

/** The call an outcome is of, named as `call.ended` names it. */
export interface AnalyzedCall { call_sid: string; agent_id: string; name: string; from_number: string; to_number: string; agent_version: number | null }

/**
 * `call.analyzed`, from writeOutcome (lib/outcomes/db.ts), the one writer of outcomes, so the engine's
 * outcome at ingest and Voxdesk's analysis both emit it in the transaction that stores the outcome.
 * data: the call as `call.ended` names it (its agent, numbers and version) and the outcome as GET
 * /api/details/{call_sid} shows it. Nothing is built when the account has no endpoint (one prepared lookup).
 */
export function emitCallAnalyzed(
  trx: Kysely<DB>, accountId: string, call: AnalyzedCall, o: Evaluated,
  meta: { source: "engine" | "voxdesk"; model: string | null; analyzedAt: string },
) {
  return emitEvent(trx, accountId, "call.analyzed", () => ({
    ...call, status: "analyzed", source: meta.source, success: o.success, success_reason: o.success_reason,
    sentiment: o.sentiment, disposition: o.disposition, fields: o.fields, errors: o.errors,
    analyzed_at: meta.analyzedAt, model: meta.model, reason: null,
  }));
}
