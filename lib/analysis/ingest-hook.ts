import "server-only";
import type { CallHook } from "@/lib/calls/db/ingest";
import { writeEngineOutcome } from "@/lib/outcomes/db";
import type { AnalysisPlan } from "@/lib/outcomes/schema";
import { enqueueAtIngest } from "./db/jobs";

/**
 * Ingest's outcome hook: the engine's own outcome when the report carries one (a vendor's analysis,
 * or an extraction of the plan's keys), and otherwise, for an agent with a plan, a completed call
 * with a transcript and no outcome gets a job for Voxdesk's own analysis. Both inside the ingest's
 * transaction; the job costs one statement, and only on the delivery that completes the call without
 * the engine's outcome (a sync page writes that outcome's row at the page's end). undefined: nothing to
 * do for this agent's calls (no plan, and a report without a vendor analysis).
 */
export function outcomeHook(plan: AnalysisPlan | null | undefined, vendorAnalysis: boolean): CallHook | undefined {
  if (!plan && !vendorAnalysis) return undefined;
  return async (trx, accountId, call, isNew, previous) => {
    const wrote = await writeEngineOutcome(plan, trx, accountId, call, isNew, previous);
    if (!wrote && plan && call.status === "completed" && call.transcription.trim()) await enqueueAtIngest(trx, accountId, call);
  };
}
