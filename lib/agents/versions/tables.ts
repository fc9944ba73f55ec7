// Kysely types of migrations 0016 and 0017, merged into lib/core/tables.ts's DB from here so the
// versions room owns its schema's shape (as lib/outcomes/tables.ts does). Types only.
import type {} from "@/lib/core/tables";

export interface AgentVersionsTable {
  account_id: string; agent_id: string; version: number;
  /** JSON as stored on the agent row (TEXT on SQLite, jsonb on PostgreSQL). */
  agent_config: string; agent_prompts: string; analysis_plan: string | null;
  created_at: string;
  /** The writing credential's label; null for versions backfilled by the migration. */
  created_by: string | null;
  note: string | null;
}

/** Migration 0017: every deployment made, so late executions find the version in force at their start. */
export interface AgentDeploymentLogTable { account_id: string; agent_id: string; engine_id: string; deployed_at: string; version: number | null }

declare module "@/lib/core/tables" {
  interface AgentsTable {
    /** The agent's newest version, which the row equals. */
    version?: number;
  }
  interface AgentDeploymentsTable {
    /** The version the engine runs; null: deployed before versions, content changed since. */
    version?: number | null;
  }
  interface CallsTable {
    /** Migration 0017: the agent version the call ran; null when not known. */
    agent_version?: number | null;
  }
  interface DB {
    agent_versions: AgentVersionsTable;
    agent_deployment_log: AgentDeploymentLogTable;
  }
}
