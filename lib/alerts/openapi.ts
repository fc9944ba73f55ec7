import { z } from "zod";
import { PageQuery } from "@/lib/core/page-query";
import type { SchemaRegistry } from "@/lib/openapi/json-schema";
import { operation, type OperationObject } from "@/lib/openapi/operation";
import { hasMore, nextCursor } from "@/lib/openapi/responses";
import { IncidentIdParams, IncidentsQuery, IncidentView, RuleCreate, RuleIdParams, RulePatch, RuleView } from "./schema";

const TAG = "Alerts";
const NOT_FOUND = "No alert rule with this id in the caller's account";
const ENGINE_422 = "`engine_id` names no engine of this account, or `provider` is not that engine's kind; `errors` gives the field";

export const alertsTag = {
  name: TAG,
  description: "Alert rules on failures, success and sentiment rates, duration, cost and volume, checked every minute over a window "
    + "(absolute or relative to the window before), for every call or one agent's, one engine's or one kind of engine's; an incident "
    + "opens while a rule holds (alert.triggered) and resolves when it stops (alert.resolved). Changing rules needs admin.",
};

const example = {
  name: "Support failing", metric: "failed_calls", agent_id: null, engine_id: null, provider: "vapi", comparator: "gt", threshold: 5, window_minutes: 10,
  relative: false, severity: "critical", notify: { emails: ["oncall@example.com"], webhook: true },
};

export function alertsPaths(r: SchemaRegistry): Record<string, Record<string, OperationObject>> {
  const P = RuleIdParams;
  return {
    "/alert-rules": {
      post: operation(r, "post", {
        tag: TAG, operationId: "createAlertRule", summary: "Add an alert rule", body: RuleCreate, bodyExample: example,
        responses: { 201: { description: "Created", schema: RuleView } }, errors: { 422: ENGINE_422 },
      }),
      get: operation(r, "get", {
        tag: TAG, operationId: "listAlertRules", summary: "List alert rules", query: PageQuery,
        responses: { 200: { description: "One page, newest first", schema: z.object({ rules: z.array(RuleView), next_cursor: nextCursor, has_more: hasMore }) } },
      }),
    },
    "/alert-rules/{rule_id}": {
      get: operation(r, "get", { tag: TAG, operationId: "getAlertRule", summary: "Get an alert rule", params: P, responses: { 200: { description: "The rule", schema: RuleView } }, errors: { 404: NOT_FOUND } }),
      patch: operation(r, "patch", {
        tag: TAG, operationId: "updateAlertRule", summary: "Change an alert rule", params: P, body: RulePatch,
        responses: { 200: { description: "The rule after the change", schema: RuleView } }, errors: { 404: NOT_FOUND, 422: ENGINE_422 },
      }),
      delete: operation(r, "delete", {
        tag: TAG, operationId: "deleteAlertRule", summary: "Delete an alert rule", params: P,
        responses: { 200: { description: "Deleted, with its incidents", schema: z.object({ rule_id: z.string(), status: z.literal("deleted") }) } }, errors: { 404: NOT_FOUND },
      }),
    },
    "/incidents": {
      get: operation(r, "get", {
        tag: TAG, operationId: "listIncidents", summary: "List incidents", query: IncidentsQuery,
        responses: { 200: { description: "One page, newest opened first", schema: z.object({ incidents: z.array(IncidentView), next_cursor: nextCursor, has_more: hasMore }) } },
      }),
    },
    "/incidents/{incident_id}": {
      get: operation(r, "get", {
        tag: TAG, operationId: "getIncident", summary: "Get an incident", params: IncidentIdParams,
        responses: { 200: { description: "The incident", schema: IncidentView } }, errors: { 404: "No incident with this id in the caller's account" },
      }),
    },
  };
}
