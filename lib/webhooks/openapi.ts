import { z } from "zod";
import { PageQuery } from "@/lib/core/page-query";
import type { SchemaRegistry } from "@/lib/openapi/json-schema";
import { operation, type OperationObject } from "@/lib/openapi/operation";
import { hasMore, nextCursor } from "@/lib/openapi/responses";
import {
  AttemptParams, AttemptsQuery, AttemptView, EndpointCreate, EndpointCreated, EndpointIdParams, EndpointListItem, EndpointPatch, EndpointView,
  RecoverBody, RecoverIdParams, RecoverRunView, RotatedSecret,
} from "./schema";

const TAG = "Webhooks";
const NOT_FOUND = "No webhook endpoint with this id in the caller's account";
const Queued = (extra: Record<string, z.ZodType>) => z.object({ endpoint_id: z.string(), ...extra });

export const webhooksTag = {
  name: TAG,
  description: "Signed webhooks to the team's own systems (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature), "
    + "sent from an outbox with retries (immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), a delivery log, resend and recover (admin and above).",
};

export function webhooksPaths(r: SchemaRegistry): Record<string, Record<string, OperationObject>> {
  const E = EndpointIdParams;
  return {
    "/webhook-endpoints": {
      post: operation(r, "post", {
        tag: TAG, operationId: "createWebhookEndpoint", summary: "Add a webhook endpoint",
        description: "Answers the signing secret `whsec_…` once. The URL meets the same address policy as tools: private targets are refused unless TOOL_TARGET_ALLOWLIST admits them; redirects are never followed.",
        body: EndpointCreate, bodyExample: { url: "https://crm.example.com/hooks/voxdesk", description: "CRM", events: ["call.ended"] },
        responses: { 201: { description: "Created", schema: EndpointCreated } },
      }),
      get: operation(r, "get", {
        tag: TAG, operationId: "listWebhookEndpoints", summary: "List webhook endpoints", query: PageQuery,
        responses: { 200: { description: "One page, newest first", schema: z.object({ endpoints: z.array(EndpointListItem), next_cursor: nextCursor, has_more: hasMore }) } },
      }),
    },
    "/webhook-endpoints/{endpoint_id}": {
      get: operation(r, "get", { tag: TAG, operationId: "getWebhookEndpoint", summary: "Get a webhook endpoint", params: E, responses: { 200: { description: "The endpoint", schema: EndpointView } }, errors: { 404: NOT_FOUND } }),
      patch: operation(r, "patch", {
        tag: TAG, operationId: "updateWebhookEndpoint", summary: "Change a webhook endpoint", params: E, body: EndpointPatch,
        responses: { 200: { description: "The endpoint after the change", schema: EndpointView } }, errors: { 404: NOT_FOUND },
      }),
      delete: operation(r, "delete", {
        tag: TAG, operationId: "deleteWebhookEndpoint", summary: "Delete a webhook endpoint", params: E,
        responses: { 200: { description: "Deleted, with its delivery log", schema: z.object({ endpoint_id: z.string(), status: z.literal("deleted") }) } }, errors: { 404: NOT_FOUND },
      }),
    },
    "/webhook-endpoints/{endpoint_id}/rotate-secret": {
      post: operation(r, "post", {
        tag: TAG, operationId: "rotateWebhookSecret", summary: "Rotate the signing secret",
        description: "Answers the new secret once. For 24 h every message carries two signatures (new and old, space-separated), so receivers can switch without a gap.",
        params: E, responses: { 200: { description: "The new secret", schema: RotatedSecret } }, errors: { 404: NOT_FOUND },
      }),
    },
    "/webhook-endpoints/{endpoint_id}/test": {
      post: operation(r, "post", {
        tag: TAG, operationId: "testWebhookEndpoint", summary: "Send a test event", description: "Queues a `ping` event to this endpoint alone.",
        params: E, responses: { 202: { description: "Queued", schema: Queued({ event_id: z.string(), status: z.literal("queued") }) } },
        errors: { 404: NOT_FOUND, 409: "The endpoint is disabled" },
      }),
    },
    "/webhook-endpoints/{endpoint_id}/attempts": {
      get: operation(r, "get", {
        tag: TAG, operationId: "listWebhookAttempts", summary: "Delivery log", params: E, query: AttemptsQuery,
        responses: { 200: { description: "Attempts, newest first", schema: z.object({ attempts: z.array(AttemptView), next_cursor: nextCursor, has_more: hasMore }) } },
        errors: { 404: NOT_FOUND },
      }),
    },
    "/webhook-endpoints/{endpoint_id}/attempts/{attempt_id}/resend": {
      post: operation(r, "post", {
        tag: TAG, operationId: "resendWebhookAttempt", summary: "Resend a message", description: "Sends the attempt's message again, with the same webhook-id.",
        params: AttemptParams, responses: { 202: { description: "Queued", schema: Queued({ event_id: z.string(), status: z.literal("queued") }) } },
        errors: { 404: "No such endpoint or attempt in the caller's account" },
      }),
    },
    "/webhook-endpoints/{endpoint_id}/recover": {
      post: operation(r, "post", {
        tag: TAG, operationId: "recoverWebhookMessages", summary: "Recover failed messages",
        description: "Starts a background run that sends every failed message to this endpoint created since `since` once more "
          + "(counted now; queued in batches by the delivery worker, which resumes after a restart). Follow it with GET …/recover/{recover_id}.",
        params: E, body: RecoverBody, bodyExample: { since: "2025-06-01T00:00:00Z" },
        responses: { 202: { description: "The run, started (done at once when nothing failed since then)", schema: RecoverRunView } }, errors: { 404: NOT_FOUND },
      }),
    },
    "/webhook-endpoints/{endpoint_id}/recover/{recover_id}": {
      get: operation(r, "get", {
        tag: TAG, operationId: "getWebhookRecoverRun", summary: "Recover run progress", params: RecoverIdParams,
        responses: { 200: { description: "The run's progress", schema: RecoverRunView } }, errors: { 404: "No such endpoint or run in the caller's account" },
      }),
    },
  };
}
