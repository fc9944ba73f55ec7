import { z } from "zod";
import { PageQuery } from "@/lib/core/page-query";
import { OUTCOME_STATUSES } from "@/lib/outcomes/filters";
import { SENTIMENTS } from "@/lib/outcomes/schema";

// Voxdesk's own analysis: one schema for each endpoint's input and answer, shared by the
// handlers and the OpenAPI document (lib/analysis/openapi.ts).

export const RUN_STATUSES = ["running", "done", "canceled"] as const;

const text = (description: string) => z.string().min(1).describe(description);
const textOrBool = (description: string) => z.union([z.string(), z.boolean()]).describe(description);

/**
 * POST /api/analysis-runs: the call log's filters under the names GET /api/details takes, as JSON
 * (strings, or a boolean for success), plus the provider. What each filter accepts is checked by the
 * call log's own query schema afterwards (lib/analysis/service.ts), so both always agree.
 */
export const RunCreateBody = z
  .object({
    provider_id: text("The AI provider to analyse with; default the account's default provider").optional(),
    agent_id: text("Only calls of this agent").optional(),
    engine_id: text("Only calls from this engine").optional(),
    provider: text("Only calls from engines of this kind (bolna, bolna-self-hosted, vapi, retell)").optional(),
    campaign_id: text("Only calls placed by this campaign").optional(),
    status: text("Only calls in this status (only completed calls are analysed)").optional(),
    call_type: text("inbound, outbound or web_call").optional(),
    from: text("From this date or time (ISO 8601), inclusive").optional(),
    to: text("Up to this date (inclusive, whole day) or time (ISO 8601)").optional(),
    q: z.string().max(200).describe("Search: phone digits or transcript words, as on GET /details").optional(),
    success: textOrBool("true or false").optional(),
    sentiment: z.enum(SENTIMENTS).optional(),
    disposition: text("One of the plan's disposition choices").optional(),
    outcome_status: z.enum(OUTCOME_STATUSES).optional(),
  })
  .catchall(z.union([z.string(), z.number(), z.boolean()]).describe("field[name], field[name][gte] or field[name][lte], as on GET /details"))
  .meta({ id: "AnalysisRunCreate" });

export const RunView = z
  .object({
    run_id: z.string(),
    status: z.enum(RUN_STATUSES).describe("running until every call was analysed or failed; canceled by DELETE"),
    total: z.number().int().min(0).describe("Calls the filters matched that can be analysed (completed, with a transcript, their agent with an analysis plan)"),
    done: z.number().int().min(0).describe("Calls analysed so far"),
    failed: z.number().int().min(0).describe("Calls whose analysis failed (each call's outcome.reason says why)"),
    created_at: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "AnalysisRun" });
export type RunView = z.infer<typeof RunView>;

export const RunCreated = z.object({ run_id: z.string(), total: z.number().int().min(0) });
/** The AI provider a run would use: the account's default (see PATCH /ai-providers/{provider_id}). */
export const RunProvider = z.object({ provider_id: z.string(), name: z.string(), model: z.string() })
  .describe("The AI provider a run started now would analyse with: the account's default provider");
export type RunProvider = z.output<typeof RunProvider>;
export const RunPreview = z
  .object({
    total: z.number().int().min(0).describe("Calls a run over these filters would analyse if started now (POST /analysis-runs' total)"),
    provider: RunProvider,
  })
  .meta({ id: "AnalysisRunPreview" });
export const RunIdParams = z.object({ run_id: z.string().min(1).max(64).describe("run_id returned by POST /analysis-runs") }).strict();
export const RunListQuery = PageQuery;
export const RunList = z.object({ runs: z.array(RunView), next_cursor: z.string().nullable(), has_more: z.boolean() });

export const AnalyzeAccepted = z.object({ call_sid: z.string(), status: z.literal("pending") });
