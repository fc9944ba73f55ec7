// Kysely types of migration 0013, merged into lib/core/tables.ts's DB from here so the
// analysis room owns its schema's shape (as lib/outcomes/tables.ts does). Types only.
import type {} from "@/lib/core/tables";

export type JobState = "queued" | "running" | "failed";

export interface AnalysisJobsTable {
  account_id: string; call_sid: string; run_id: string | null; provider_id: string | null;
  state: JobState; attempts: number;
  /** Queued: not tried before this instant. */
  next_at: string;
  /** Running: the claim lapses at this instant. */
  lease_until: string | null;
  /** A fresh value per claim; only its holder may finish the job. */
  claim: string | null;
  reason: string | null; created_at: string; updated_at: string;
}

export type RunStatus = "running" | "done" | "canceled";

export interface AnalysisRunsTable {
  id: string; account_id: string; status: RunStatus; total: number; done: number; failed: number;
  /** JSON: the filters as sent. */
  filters: string;
  provider_id: string | null; created_at: string; updated_at: string; finished_at: string | null;
}

declare module "@/lib/core/tables" {
  interface DB {
    analysis_jobs: AnalysisJobsTable;
    analysis_runs: AnalysisRunsTable;
  }
}
