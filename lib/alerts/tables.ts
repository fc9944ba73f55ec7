// Kysely types of migrations 0018, 0028 and 0029 (alerts), merged into lib/core/tables.ts's DB from here so
// the alerts room owns its schema's shape (as lib/outcomes/tables.ts does). Types only.
import type {} from "@/lib/core/tables";

/** Per account, Unix minute of the call's creation, agent and engine: what its calls and outcomes add. */
export interface CallMinuteTable {
  account_id: string; minute: number; agent_id: string;
  /** The call's engine and its provider; '' for none (migration 0028). */
  engine_id: string; provider: string;
  calls: number; failed: number; duration: number; cost: number;
  analyzed: number; judged: number; succeeded: number; negative: number;
}
export interface AlertRulesTable {
  id: string; account_id: string; name: string; metric: string; agent_id: string | null;
  /** Only this engine's calls, or only this kind's; null: every one. */
  engine_id: string | null; provider: string | null;
  comparator: string; threshold: number; window_minutes: number; relative: number; severity: string;
  /** JSON array of addresses. */
  notify_emails: string;
  notify_webhook: number;
  created_at: string; updated_at: string;
  /** When an evaluator last computed the rule (migration 0029); null: not yet. */
  evaluated_at: string | null;
}
export interface AlertIncidentsTable {
  id: string; account_id: string; rule_id: string;
  /** open | resolved */
  status: string;
  value: number;
  /** JSON array of the first calls counting toward the incident. */
  call_sids: string;
  opened_at: string; resolved_at: string | null;
}

/** Alert mail's outbox (migration 0029): one row per incident and kind. */
export interface AlertMailsTable {
  id: string; account_id: string; incident_id: string;
  /** triggered | resolved */
  kind: string;
  /** JSON array of addresses. */
  recipients: string; subject: string; body: string;
  /** pending | sent | failed */
  status: string;
  attempts: number;
  /** Unix ms. */
  next_attempt_at: number; lease_until: number | null; lease_token: string | null;
  last_error: string | null; created_at: string; sent_at: string | null;
}

declare module "@/lib/core/tables" {
  interface DB {
    call_minute: CallMinuteTable;
    alert_rules: AlertRulesTable;
    alert_incidents: AlertIncidentsTable;
    alert_mails: AlertMailsTable;
  }
}
