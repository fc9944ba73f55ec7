import type { CallOutcome } from "@/lib/outcomes/db";
import type { JobStatus } from "./db/status";

// A call's outcome as the call log shows it (the API's contract): "analyzed" whenever an outcome is
// stored (a re-analysis in progress keeps showing the old one), else "pending" while a job is queued
// or running, "failed" when the last one failed; `reason` only ever says why the last one failed.
export function withJobState(outcome: CallOutcome, job: JobStatus | undefined): CallOutcome {
  if (!job) return outcome;
  const reason = job.state === "failed" ? job.reason : null;
  if (outcome.status === "analyzed") return reason === null ? outcome : { ...outcome, reason };
  return { ...outcome, status: job.state === "failed" ? "failed" : "pending", reason };
}
