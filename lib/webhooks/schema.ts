import { z } from "zod";

// One schema for `/api/webhook-endpoints`, the console's endpoint form and the OpenAPI document.

/** Every event an endpoint may subscribe to; `ping` is only ever sent by the test button. */
export const EVENT_TYPES = [
  "call.started", "call.ended", "call.analyzed", "campaign.started", "campaign.paused", "campaign.completed",
  "agent.version_created", "agent.deployed", "alert.triggered", "alert.resolved",
] as const;
export type EventType = (typeof EVENT_TYPES)[number] | "ping";

const Url = z
  .string()
  .trim()
  .url("must be an http(s) URL, e.g. https://crm.example.com/hooks/voxdesk")
  .refine((v) => /^https?:\/\//i.test(v), "must be an http(s) URL, e.g. https://crm.example.com/hooks/voxdesk")
  .max(2000)
  .describe("Where events are POSTed. Private addresses are refused unless TOOL_TARGET_ALLOWLIST admits them; redirects are not followed");
const Description = z.string().trim().max(500);
const Events = z
  .array(z.enum([...EVENT_TYPES, "*"]))
  .min(1, "name at least one event type, or [\"*\"] for all")
  .refine((v) => !v.includes("*") || v.length === 1, "\"*\" stands alone: it already means every event")
  .transform((v) => [...new Set(v)])
  .describe("Event types this endpoint receives, or [\"*\"] for every type");

export const EndpointCreate = z.object({ url: Url, description: Description.optional(), events: Events }).strict();
export type EndpointCreateInput = z.input<typeof EndpointCreate>;

export const EndpointPatch = z.object({
  url: Url.optional(),
  description: Description.optional(),
  events: Events.optional(),
  disabled: z.boolean().optional().describe("true pauses deliveries; false re-enables an endpoint (also one the worker disabled)"),
}).strict();
export type EndpointPatchInput = z.input<typeof EndpointPatch>;

export const EndpointIdParams = z.object({ endpoint_id: z.string().describe("endpoint_id returned by POST /webhook-endpoints") });
export const AttemptParams = EndpointIdParams.extend({ attempt_id: z.string().describe("attempt_id from the delivery log") });

export const EndpointView = z.object({
  endpoint_id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  disabled: z.boolean(),
  disabled_reason: z.string().nullable().describe("Why the endpoint stopped receiving: by a person, a 410 answer, or failing for 5 days"),
  created_at: z.string(),
  updated_at: z.string(),
}).meta({ id: "WebhookEndpoint" });
export type Endpoint = z.infer<typeof EndpointView>;

export const EndpointHealth = z.object({
  attempts: z.number().int().describe("Delivery attempts in the last 24 h (the newest 1,000 at most)"),
  succeeded: z.number().int().describe("Of those, answered 2xx"),
  success_rate: z.number().nullable().describe("succeeded / attempts, 0..1; null when nothing was attempted"),
});
/** The list adds each endpoint's health, which the console shows beside it. */
export const EndpointListItem = EndpointView.extend({ health: EndpointHealth }).meta({ id: "WebhookEndpointWithHealth" });
export type EndpointWithHealth = z.infer<typeof EndpointListItem>;

const Secret = z.string().describe("The signing secret `whsec_…`: shown only in this answer; keep it to verify signatures");
export const EndpointCreated = EndpointView.extend({ secret: Secret }).meta({ id: "WebhookEndpointCreated" });
export const RotatedSecret = z.object({
  endpoint_id: z.string(),
  secret: Secret,
  previous_secret_expires_at: z.string().describe("Until then every message is signed with both secrets (two signatures in webhook-signature)"),
});

/**
 * A message is one event to one endpoint (webhook_deliveries): pending while an attempt is due (its
 * first, a scheduled retry, or a resend), success once one was answered 2xx, failed when no retry is
 * left (or the endpoint was disabled). The database, the worker, the API and the console read these.
 */
export const MESSAGE_STATUSES = ["pending", "success", "failed"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
/** One attempt to send a message (webhook_attempts): answered 2xx, or not. It never changes after. */
export const ATTEMPT_STATUSES = ["success", "failed"] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

export const AttemptsQuery = z.object({
  status: z.enum(ATTEMPT_STATUSES).optional().describe("Attempts with this result: success (answered 2xx) or failed"),
  message_status: z.enum(MESSAGE_STATUSES).optional()
    .describe("Attempts whose message is now: pending (another attempt is scheduled), success, or failed (no retry left)"),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  cursor: z.string().optional(),
}).strict();

export const AttemptView = z.object({
  attempt_id: z.string(),
  event_id: z.string().describe("The message id (the webhook-id header; the same on every retry)"),
  type: z.string(),
  attempt: z.number().int().describe("1 for the first attempt of this message to this endpoint"),
  status: z.enum(ATTEMPT_STATUSES).describe("This attempt's result: success (answered 2xx) or failed (any other answer, or none)"),
  message: z.object({
    status: z.enum(MESSAGE_STATUSES).describe("The message now: pending (another attempt is scheduled), success, or failed (no retry left)"),
    next_attempt_at: z.string().nullable()
      .describe("When the next attempt is due (ISO 8601 UTC; in the past while it is being sent); null when none is scheduled"),
  }).describe("The state of the message this attempt sent (the same for each of its attempts)"),
  trigger: z.enum(["scheduled", "manual"]),
  response_status: z.number().int().nullable().describe("HTTP status of the answer; null when none came (timeout, refused, blocked)"),
  duration_ms: z.number().int(),
  request: z.string().describe("The first 1 KB of the body sent ({type, timestamp, data})"),
  request_headers: z.record(z.string(), z.string()).nullable()
    .describe("The headers sent (content-type, user-agent, webhook-id, webhook-timestamp, webhook-signature); null for attempts logged before headers were kept"),
  response: z.string().describe("The first 1 KB of the answer, or why there was none"),
  at: z.string(),
}).meta({ id: "WebhookAttempt" });
export type Attempt = z.infer<typeof AttemptView>;

export const RecoverBody = z.object({
  since: z.iso.datetime({ offset: true, message: "must be an ISO 8601 time, e.g. 2025-06-01T00:00:00Z" })
    .describe("Every message to this endpoint that failed and was created since this time is sent again"),
}).strict();

export const RecoverIdParams = z.object({ endpoint_id: z.string(), recover_id: z.string().describe("recover_id returned by POST …/recover") });

export const RecoverRunView = z.object({
  recover_id: z.string(), endpoint_id: z.string(),
  status: z.enum(["running", "done"]).describe("done once every counted message has been queued again and attempted once more"),
  total: z.number().int().describe("Failed messages since `since` when the run started"),
  done: z.number().int().describe("Of them, sent again (whatever the receiver answered; the delivery log has each attempt)"),
  created_at: z.string(), finished_at: z.string().nullable(),
}).meta({ id: "WebhookRecoverRun" });
export type RecoverRun = z.infer<typeof RecoverRunView>;

