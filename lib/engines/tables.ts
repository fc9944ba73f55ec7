// Kysely types of migrations 0022 and 0026, merged into lib/core/tables.ts's DB from here so the engines
// room owns its schema's shape (as lib/analysis/tables.ts does). Types only.
import type {} from "@/lib/core/tables";

export interface CallPriceJobsTable {
  account_id: string; call_sid: string; engine_id: string; attempts: number;
  /** Not asked before this instant. */
  next_at: string;
  /** A fresh value per claim; only its holder may finish the job. */
  claim: string | null;
  /** The claim lapses at this instant. */
  lease_until: string | null;
  created_at: string;
}

/** Migration 0026: a pull of an engine's past calls, run in the background (lib/engines/sync-worker.ts). */
export interface EngineSyncsTable {
  id: string; account_id: string; engine_id: string;
  /** running | done | failed */
  status: string;
  /** The created_at range pulled (ISO). */
  range_from: string; range_to: string;
  imported: number; updated: number; unchanged: number;
  /** Pages the engine answered so far. */
  pages: number;
  /** Failed: why, in words. */
  error: string | null;
  /** Claims so far: a run whose worker died this often ends failed. */
  attempts: number;
  /** A fresh value per claim; only its holder may write the run. */
  claim: string | null;
  /** The claim lapses at this instant. */
  lease_until: string | null;
  started_at: string; finished_at: string | null;
}

declare module "@/lib/core/tables" {
  /** Migration 0027: the vendor an agent linked from a vendor's dashboard comes from (vapi, retell); NULL: built in Voxdesk. */
  interface AgentsTable {
    source?: string | null;
  }
  /** The engine columns migration 0022 added (null for engines that need none: hosted Bolna). */
  interface EnginesTable {
    /** JSON: the provider's non-secret settings. */
    settings: string | null;
    /** Sealed JSON: the provider's other secrets. */
    cred_ciphertext: Buffer | null; cred_iv: Buffer | null; cred_tag: Buffer | null; cred_key_id: string | null;
  }
  interface DB {
    call_price_jobs: CallPriceJobsTable;
    engine_syncs: EngineSyncsTable;
  }
}
