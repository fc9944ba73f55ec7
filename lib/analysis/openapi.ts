import { z } from "zod";
import { FIELD_NOTES, FILTER_NOTES } from "@/lib/calls/openapi";
import { CallSidParams, ExportQuery } from "@/lib/calls/schema";
import type { SchemaRegistry } from "@/lib/openapi/json-schema";
import { operation, type OperationObject } from "@/lib/openapi/operation";
import { AnalyzeAccepted, RunCreateBody, RunCreated, RunIdParams, RunList, RunListQuery, RunPreview, RunView } from "./schema";

// Voxdesk's own post-call analysis in the API document: re-analyse one call, bulk runs.

const TAG = "Call analytics";
const RUN_NOT_FOUND = "No analysis run with this id in the caller's account";

const UNANALYSABLE = z.object({
  error: z.literal(422), message: z.string(),
  field: z.string().describe("The first reason: provider_id (no AI provider), analysis_plan (the agent has none), transcription (none), status (not completed)"),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).describe("Every reason"),
});

export function analysisPaths(r: SchemaRegistry): Record<string, Record<string, OperationObject>> {
  return {
    "/details/{call_sid}/analyze": {
      post: operation(r, "post", {
        tag: TAG, operationId: "analyzeCall", summary: "Analyse one call again",
        description: "Queues Voxdesk's own analysis of the call with the account's default AI provider, under its agent's analysis_plan. " +
          "The call's outcome.status is pending until it is done (an analysed call keeps its outcome until the new one replaces it), " +
          "then analyzed, or failed with outcome.reason. Provider errors are retried with backoff (30 s, 2 min, 10 min; 4 attempts).",
        params: CallSidParams,
        responses: { 202: { description: "Queued", schema: AnalyzeAccepted } },
        errors: {
          404: "No call with this call_sid in the caller's account",
          422: { description: "The call cannot be analysed: no AI provider, no analysis plan, no transcript, or not completed", schema: UNANALYSABLE },
        },
      }),
    },
    "/analysis-runs": {
      post: operation(r, "post", {
        tag: TAG, operationId: "createAnalysisRun", summary: "Analyse the calls a filter matches",
        description: "Takes GET /details' filters as a JSON body (same names and values) and queues every matched call that can be analysed " +
          "(completed, with a transcript, its agent with an analysis plan), analysed ones included. Progress: GET /analysis-runs/{run_id}. " +
          "The run is kept in the database: it continues after a restart.",
        body: RunCreateBody,
        bodyExample: { agent_id: "3c90c3cc-0d44-4b50-8888-8dd25736052a", from: "2025-05-01", to: "2025-05-31", outcome_status: "none" },
        responses: { 202: { description: "Queued", schema: RunCreated } },
        errors: { 422: { description: "No AI provider (or no provider with the provider_id given)", schema: UNANALYSABLE } },
      }),
      get: operation(r, "get", {
        tag: TAG, operationId: "listAnalysisRuns", summary: "List analysis runs", query: RunListQuery,
        responses: { 200: { description: "One page, newest first", schema: RunList } },
      }),
    },
    "/analysis-runs/preview": {
      get: operation(r, "get", {
        tag: TAG, operationId: "previewAnalysisRun", summary: "Count the calls a run would analyse",
        description: "Takes GET /details' filters (same names and values) and answers the total that POST /analysis-runs with them " +
          "would have if started now, by the same selection, without starting anything: the console's confirmation shows it." + FIELD_NOTES,
        query: ExportQuery, queryNotes: FILTER_NOTES,
        responses: { 200: { description: "The total", schema: RunPreview } },
        errors: { 422: { description: "No AI provider: a run could not start", schema: UNANALYSABLE } },
      }),
    },
    "/analysis-runs/{run_id}": {
      get: operation(r, "get", {
        tag: TAG, operationId: "getAnalysisRun", summary: "Progress of an analysis run", params: RunIdParams,
        responses: { 200: { description: "The run", schema: RunView } }, errors: { 404: RUN_NOT_FOUND },
      }),
      delete: operation(r, "delete", {
        tag: TAG, operationId: "cancelAnalysisRun", summary: "Cancel an analysis run",
        description: "Drops the run's queued calls; calls being analysed finish and are counted. A run that already ended is answered as it is.",
        params: RunIdParams, responses: { 200: { description: "The run, canceled", schema: RunView } }, errors: { 404: RUN_NOT_FOUND },
      }),
    },
  };
}
