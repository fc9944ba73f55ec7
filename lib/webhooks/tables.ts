// Kysely types of migration 0015 (signed webhooks out), merged into lib/core/tables.ts's DB
// from here so the webhooks room owns its schema's shape (as lib/outcomes/tables.ts does). Types only.
// Times the worker compares (next attempt, lease, failing since, old secret expiry) are integer ms.
import type {} from "@/lib/core/tables";
import type { AttemptStatus, MessageStatus } from "./schema";

export interface WebhookEndpointsTable {
  id: string; account_id: string; url: string; description: string;
  /** JSON array of event types, or ["*"]. */
  events: string;
  secret_ciphertext: Buffer; secret_iv: Buffer; secret_tag: Buffer; secret_key_id: string;
  old_secret_ciphertext: Buffer | null; old_secret_iv: Buffer | null; old_secret_tag: Buffer | null; old_secret_key_id: string | null;
  old_secret_expires_at: number | null; disabled: number; disabled_reason: string | null; failing_since: number | null;
  created_at: string; updated_at: string;
}
export interface WebhookEventsTable { id: string; account_id: string; type: string; payload: string; dedupe_key: string | null; created_at: string }
export interface WebhookDeliveriesTable {
  id: number | undefined; // assigned by the database; the order of events per endpoint
  account_id: string; endpoint_id: string; event_id: string;
  status: MessageStatus;
  attempts: number;
  /** When the next attempt is due while pending; once success or failed, when it settled (the API shows null then). */
  next_attempt_at: number;
  /** Unused since migration 0034 (the endpoint's lane holds the claim); kept NULL. */
  lease_until: number | null; lease_token: string | null;
  /** scheduled | manual (a resend or recover asked for the next attempt) */
  trigger_type: string;
  created_at: string;
  /** The recover run (migration 0021) that queued this message again, if one did. */
  recover_id?: string | null;
}
/** A recover run (migration 0021): its failed messages queued again in batches by the delivery worker. */
export interface WebhookRecoversTable {
  id: string; account_id: string; endpoint_id: string; since: string;
  /** running | done */
  status: string;
  total: number; requeued: number; cursor: number; upto_id: number; created_at: string; finished_at: string | null;
}
/** An endpoint's delivery lane (migration 0034): a job of the one queue (lib/core/job-queue.ts). */
export interface WebhookLanesTable {
  endpoint_id: string;
  /** Claims since the lane last caught up. */
  attempts: number;
  claim: string | null; lease_until: string | null;
  /** A lane whose turn failed waits until then. */
  not_before: string;
  /** When it was last claimed: the least recently served lane goes first. */
  claimed_at: string;
}
export interface WebhookAttemptsTable {
  id: string; account_id: string; endpoint_id: string; delivery_id: number; event_id: string; type: string; attempt: number;
  status: AttemptStatus;
  /** scheduled | manual */
  trigger_type: string;
  response_status: number | null; duration_ms: number; response: string; at: string;
  /** JSON object of the headers sent; null for attempts recorded before it was kept. */
  request_headers: string | null;
}

declare module "@/lib/core/tables" {
  interface DB {
    webhook_endpoints: WebhookEndpointsTable;
    webhook_events: WebhookEventsTable;
    webhook_deliveries: WebhookDeliveriesTable;
    webhook_attempts: WebhookAttemptsTable;
    webhook_recovers: WebhookRecoversTable;
    webhook_lanes: WebhookLanesTable;
  }
}
