import { z } from "zod";
import { PageQuery } from "@/lib/core/page-query";
import { PROVIDER_NAMES } from "@/lib/engines/providers";

// One schema for `/api/alert-rules`, `/api/incidents`, the console and the OpenAPI document.

export const METRICS = ["failed_calls", "success_rate", "negative_sentiment_rate", "average_duration", "cost", "calls"] as const;
export type Metric = (typeof METRICS)[number];
export const WINDOWS = [10, 30, 60, 180, 1440] as const;

const Name = z.string().trim().min(1, "must not be empty").max(200);
const MetricField = z.enum(METRICS).describe(
  "failed_calls (count of calls ending failed), success_rate and negative_sentiment_rate (percent of analysed calls), "
  + "average_duration (seconds), cost (sum), calls (count); over the window's whole minutes, a call counted in the minute it ended "
  + "and an outcome in the minute it was analysed");
const AgentId = z.string().min(1).nullable().describe("Only this agent's calls; omitted or null: every agent");
/** Engines' ids are UUIDs; one of another account, or none, is a 422 naming the field (lib/alerts/rule-engine.ts). */
const EngineId = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "must be an engine id (a UUID)").nullable()
  .describe("Only the calls of this engine of the account; omitted or null: every engine");
const Provider = z.enum(PROVIDER_NAMES, { error: `must be one of: ${PROVIDER_NAMES.join(", ")}` }).nullable()
  .describe("Only the calls of this kind of engine; omitted or null: every kind. With engine_id it must be that engine's");
const Comparator = z.enum(["gt", "lt"]).describe("gt: fires while the value is above threshold; lt: below");
const Threshold = z.number({ error: "must be a number" }).finite().describe("In the metric's unit, or in percent change when relative");
const Window = z.literal(WINDOWS, { error: "must be 10, 30, 60, 180 or 1440 minutes" })
  .describe("Minutes the metric looks back: 10, 30, 60, 180 or 1440");
const Relative = z.boolean().describe("true: the value is the percent change against the window before");
const Severity = z.enum(["warning", "critical"]);
const Notify = z.object({
  emails: z.array(z.email("must be an email address")).max(20).default([]).describe("Mailed when an incident opens or resolves, if SMTP_URL is set"),
  webhook: z.boolean().default(true).describe("Emit alert.triggered / alert.resolved to the account's webhook endpoints"),
}).strict();

export const RuleCreate = z.object({
  name: Name, metric: MetricField, agent_id: AgentId.optional(), engine_id: EngineId.optional(), provider: Provider.optional(),
  comparator: Comparator, threshold: Threshold,
  window_minutes: Window, relative: Relative.default(false), severity: Severity,
  notify: Notify.default({ emails: [], webhook: true }),
}).strict();
export type RuleCreateInput = z.output<typeof RuleCreate>;

export const RulePatch = z.object({
  name: Name.optional(), metric: MetricField.optional(), agent_id: AgentId.optional(), engine_id: EngineId.optional(),
  provider: Provider.optional(), comparator: Comparator.optional(),
  threshold: Threshold.optional(), window_minutes: Window.optional(), relative: Relative.optional(), severity: Severity.optional(),
  notify: Notify.optional(),
}).strict();
export type RulePatchInput = z.output<typeof RulePatch>;

export const RuleIdParams = z.object({ rule_id: z.string().describe("rule_id returned by POST /alert-rules") });
export const IncidentIdParams = z.object({ incident_id: z.string() });

export const RuleView = z.object({
  rule_id: z.string(), name: z.string(), metric: z.enum(METRICS), agent_id: z.string().nullable(),
  engine_id: z.string().nullable().describe("The engine whose calls it counts; null: every engine"),
  provider: z.string().nullable().describe("The kind of engine whose calls it counts; null: every kind"),
  comparator: z.enum(["gt", "lt"]), threshold: z.number(), window_minutes: z.number().int(), relative: z.boolean(),
  severity: Severity, notify: z.object({ emails: z.array(z.string()), webhook: z.boolean() }),
  state: z.enum(["ok", "triggered"]).describe("triggered while the rule has an open incident"),
  value: z.number().nullable().optional().describe("The metric over the window's last whole minutes (percent change when relative); null when it has no value, e.g. a rate with no analysed call"),
  evaluated_at: z.string().nullable().describe("When the rule was last evaluated (its state is as of then): every minute, and at once when it is created or changed"),
  created_at: z.string(), updated_at: z.string(),
}).meta({ id: "AlertRule" });
export type Rule = z.infer<typeof RuleView>;

export const IncidentView = z.object({
  incident_id: z.string(), rule_id: z.string(), rule_name: z.string(), metric: z.enum(METRICS), severity: Severity,
  status: z.enum(["open", "resolved"]),
  value: z.number().describe("The metric when the incident opened"),
  opened_at: z.string(), resolved_at: z.string().nullable(),
  call_sids: z.array(z.string()).describe("The first (up to 50) calls in the window that count toward the metric"),
  calls: z.array(z.object({
    call_sid: z.string(),
    agent_id: z.string().nullable(), agent_name: z.string().nullable(),
    number: z.string().nullable().describe("The other party: the number called, or the caller's for an inbound call"),
    created_at: z.string().nullable().describe("When the call started"),
  })).describe("call_sids as a person names them, in the same order; a call no longer in the account has only its call_sid"),
}).meta({ id: "AlertIncident" });
export type Incident = z.infer<typeof IncidentView>;

export const IncidentsQuery = PageQuery.extend({
  status: z.enum(["open", "resolved"]).optional(),
  rule_id: z.string().min(1).optional(),
}).strict();
