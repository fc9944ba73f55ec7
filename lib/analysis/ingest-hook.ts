import "server-only";
import type { CallHook } from "@/lib/calls/db/ingest";
import { engineOutcomeHook } from "@/lib/outcomes/db";
import type { AnalysisPlan } from "@/lib/outcomes/schema";
import { enqueueAtIngest } from "./db/jobs";

/**
 * Ingest's outcome hook for an agent with a plan (none without one): the engine's own outcome when
 * the execution carries it, and otherwise, for a completed call with a transcript, a job for
 * Voxdesk's own analysis. Both inside the ingest's transaction; the job costs one statement, and
 * only on the delivery that completes the call.
 */
export function outcomeHook(plan: AnalysisPlan | null | undefined): CallHook | undefined {
  const engine = engineOutcomeHook(plan);
  if (!engine) return undefined;
  return async (trx, accountId, call, isNew, previous) => {
    await engine(trx, accountId, call, isNew, previous);
    if (call.status === "completed" && call.transcription.trim()) await enqueueAtIngest(trx, accountId, call);
  };
}
