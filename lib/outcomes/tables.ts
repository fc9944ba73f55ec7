// Kysely types of migrations 0011 and 0014, merged into lib/core/tables.ts's DB and AgentsTable
// from here so the outcomes room owns its schema's shape. Types only.
import type {} from "@/lib/core/tables";

export interface CallOutcomesTable {
  account_id: string; call_sid: string; agent_id: string;
  /** analyzed | failed ("pending" and "none" are derived, never stored). */
  status: string;
  /** engine | voxdesk */
  source: string;
  /** SQLite 0/1, PostgreSQL boolean; NULL when the plan does not ask or the value did not fit. */
  success: number | boolean | null;
  success_reason: string | null; sentiment: string | null; disposition: string | null;
  /** JSON [[name, value], …] of the plan's fields, in the plan's order. */
  fields: string;
  /** JSON [{field, message}] or NULL. */
  errors: string | null;
  model: string | null; analyzed_at: string;
  /** The call's created_at (migration 0014): the filtered call log walks this table in the log's order. */
  created_at: string;
  /** The call's id (migration 0019): the walk reaches its call by primary key. */
  call_id: number | null;
  /** The call's engine and provider ('' for none) the outcome is counted under in call_outcome_daily (migration 0023). */
  engine_id: string; provider: string;
  /** The call's cost, kept in step with it (migration 0033): the rollup's judged_cost sums it. */
  cost: number;
}
export interface CallOutcomeFieldsTable {
  account_id: string; call_sid: string; name: string; num_value: number | null; text_value: string | null;
  /** The call's created_at and id, as on call_outcomes. */
  created_at: string; call_id: number | null;
}
/** Migration 0014: outcome counts per account, UTC day of the call, agent and disposition ('' for none). */
export interface CallOutcomeDailyTable {
  account_id: string; day: string; agent_id: string; disposition: string;
  /** Migration 0023: the call's engine and its provider, '' for none. */ engine_id: string; provider: string;
  analyzed: number; judged: number; succeeded: number; positive: number; neutral: number; negative: number;
  /** Migration 0033: the cost of the calls counted in `judged`. */ judged_cost: number;
}

declare module "@/lib/core/tables" {
  interface AgentsTable {
    /** JSON, as sent; NULL when the agent has no plan. */
    analysis_plan?: string | null;
  }
  interface DB {
    call_outcomes: CallOutcomesTable;
    call_outcome_fields: CallOutcomeFieldsTable;
    call_outcome_daily: CallOutcomeDailyTable;
  }
}
