// Kysely table types. One interface per table; JSON columns are TEXT holding JSON.
export interface AccountsTable { id: string; name: string; created_at: string }
export interface ApiTokensTable {
  id: string; account_id: string; token_hash: string; last4: string;
  created_at: string; last_used_at: string | null; revoked_at: string | null;
  /** 0006: defaults '' / 'full' / null for tokens minted before. */
  name?: string; scope?: string; created_by?: string | null;
  /** 0010: 'member' (acts for created_by, at most their role) or 'account' (CLI token, owner power). */
  kind?: string;
}
export interface SessionsTable {
  id: string; account_id: string; session_hash: string; created_at: string; expires_at: string;
  user_id?: string | null; token_id?: string | null;
}
export interface UsersTable {
  id: string; account_id: string; email: string; name: string; password_hash: string; role: string; created_at: string;
}
export interface AuditLogTable {
  id: string; account_id: string; at: string; actor_type: string; actor_id: string | null; actor_label: string;
  action: string; resource_type: string; resource_id: string | null; summary: string; ip: string;
}
export interface MemberLinksTable {
  id: string; account_id: string; kind: string; email: string; role: string | null; user_id: string | null; token_hash: string;
  created_by: string | null; created_at: string; expires_at: string; used_at: string | null; revoked_at: string | null;
}
export interface SigninFailuresTable { key: string; window_start: number; count: number }
export interface CallsTable {
  id: number | undefined; // INTEGER PRIMARY KEY, assigned by the database
  account_id: string; call_sid: string; agent_id: string; name: string;
  from_number: string; to_number: string; duration: number; recording_url: string;
  transcription: string; status: string; cost: number; call_type: string; created_at: string;
  /** PostgreSQL only: digits for phone search (SQLite keeps them in calls_fts). */
  numbers?: string;
  /** Engine executions only (migration 0005); NULL / 0 for imported calls. */
  engine_id?: string | null; status_rank?: number; updated_at?: string | null; extra?: string | null;
  /** Migration 0009: the campaign that placed the call. */
  campaign_id?: string | null;
  /** Migration 0023: the engine's provider, written by the ingest beside engine_id; NULL without an engine. */
  provider?: string | null;
}
export interface CallDailyEngineTable {
  account_id: string; day: string; agent_id: string; hangup_by: string; hangup_reason: string;
  /** Migration 0023: the call's engine and its provider, '' for none. */ engine_id: string; provider: string;
  calls: number; voicemail: number;
  cost_llm: number; cost_network: number; cost_platform: number; cost_synthesizer: number; cost_transcriber: number;
  /** Migration 0025: calls that reported turn latency, calls that reported interruptions, and those interruptions. */
  latency_calls: number; interruption_calls: number; interruptions: number;
}
/** Migration 0025: turns per latency bucket (its lower edge in ms, lib/calls/latency.ts). */
export interface CallDailyLatencyTable {
  account_id: string; day: string; agent_id: string; engine_id: string; provider: string; bucket: number; turns: number;
}
export interface CallDailyTable {
  account_id: string; day: string; agent_id: string; agent_name: string; status: string; call_type: string;
  /** Migration 0023: the call's engine and its provider, '' for none. */ engine_id: string; provider: string;
  calls: number; duration: number; cost: number;
}
export interface AgentsTable {
  id: string; account_id: string; name: string; agent_config: string; agent_prompts: string;
  created_at: string; updated_at: string;
}
export interface ToolsTable {
  id: string; account_id: string; name: string; description: string; category: string;
  tags: string; parameters: string; method: string; url: string;
  token_ciphertext: Buffer | null; token_iv: Buffer | null; token_tag: Buffer | null;
  token_key_id: string | null; token_last4: string | null;
  is_active: number; last_tested: string | null; test_status: string; created_at: string; updated_at: string;
}
export interface ToolTestsTable {
  id: number | undefined; // INTEGER PRIMARY KEY, assigned by the database
  account_id: string; tool_id: string; test_status: string; http_status: number | null; message: string;
  request_url: string; request_method: string; test_params: string; response_data: string | null;
  tested_at: string; duration_ms: number;
}

/** PostgreSQL only: shared rate-limit windows. */
export interface RateLimitsTable { key: string; window_start: number; count: number }

export interface ContactListsTable {
  id: string; account_id: string; name: string; default_country: string | null; contact_count: number; created_at: string;
}
export interface ContactsTable {
  seq: number | undefined; // INTEGER PRIMARY KEY, assigned by the database
  id: string; list_id: string; phone_number: string; e164: string; template_variables: string;
  search_text: string; created_at: string;
}

export interface EnginesTable {
  id: string; account_id: string; name: string; provider: string; base_url: string;
  key_ciphertext: Buffer; key_iv: Buffer; key_tag: Buffer; key_key_id: string; api_key_hint: string;
  webhook_secret_hash: string; webhook_ciphertext: Buffer; webhook_iv: Buffer; webhook_tag: Buffer; webhook_key_id: string;
  created_at: string; updated_at: string;
}
export interface AgentDeploymentsTable {
  agent_id: string; engine_id: string; account_id: string; remote_agent_id: string;
  agent_updated_at: string; deployed_at: string;
}

/** An account's OpenAI-compatible AI provider; the api_key sealed like engines' keys. */
export interface AiProvidersTable {
  id: string; account_id: string; name: string; base_url: string; model: string;
  key_ciphertext: Buffer; key_iv: Buffer; key_tag: Buffer; key_key_id: string; api_key_hint: string;
  /** 1 on the account's default provider (at most one), else 0. */
  is_default: number;
  created_at: string; updated_at: string;
}

export interface SuppressionsTable { account_id: string; e164: string; reason: string | null; created_at: string }

export interface CampaignsTable {
  id: string; account_id: string; name: string; status: string; agent_id: string; list_id: string; engine_id: string;
  from_number: string | null; max_concurrency: number; stale_after_minutes: number; start_at: string | null;
  /** JSON: { schedule, retry, on_missing_variables } as resolved at create/update. */
  settings: string;
  created_at: string; updated_at: string; started_at: string | null; finished_at: string | null;
}
export interface CampaignContactsTable {
  campaign_id: string; seq: number; contact_id: string; e164: string; zone: string; variables: string; state: string;
  attempts: number; next_attempt_at: string | null; last_call_sid: string | null; last_status: string | null;
  skip_reason: string | null; updated_at: string;
}

export interface DB {
  accounts: AccountsTable;
  api_tokens: ApiTokensTable;
  sessions: SessionsTable;
  calls: CallsTable;
  call_daily: CallDailyTable;
  call_daily_engine: CallDailyEngineTable;
  call_daily_latency: CallDailyLatencyTable;
  agents: AgentsTable;
  rate_limits: RateLimitsTable;
  tools: ToolsTable;
  tool_tests: ToolTestsTable;
  contact_lists: ContactListsTable;
  contacts: ContactsTable;
  engines: EnginesTable;
  agent_deployments: AgentDeploymentsTable;
  ai_providers: AiProvidersTable;
  users: UsersTable;
  audit_log: AuditLogTable;
  signin_failures: SigninFailuresTable;
  suppressions: SuppressionsTable;
  member_links: MemberLinksTable;
  campaigns: CampaignsTable;
  campaign_contacts: CampaignContactsTable;
}
