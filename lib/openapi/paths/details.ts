import { CALL_STATUSES, CALL_TYPES, DetailsQuery, SummaryQuery } from "@/lib/schemas/calls";
import type { SchemaRegistry } from "../json-schema";
import { operation, type OperationObject } from "../operation";
import { CallPage, CallSummary } from "../responses";

const DATE_OR_TIME = "ISO 8601 date (YYYY-MM-DD, a whole UTC day) or timestamp";

export function detailsPaths(r: SchemaRegistry): Record<string, Record<string, OperationObject>> {
  return {
    "/details": {
      get: operation(r, "get", {
        tag: "Call analytics",
        operationId: "listCalls",
        summary: "Call records",
        description:
          "Analytics records of the account's voice calls, newest first (created_at, then call_sid, descending), in " +
          "keyset-paginated pages: pass `next_cursor` back as `cursor` until it is null. Filters combine with AND. " +
          "`duration` is in seconds and `cost` in USD.",
        query: DetailsQuery,
        queryNotes: {
          limit: "Page size, an integer from 1 to 1000 (default 100); anything else is a 400",
          cursor: "Opaque cursor: `next_cursor` of the previous page, unchanged",
          agent_id: "Only calls of this agent",
          status: `Only calls with this status (${CALL_STATUSES.join(", ")}, or any imported value)`,
          call_type: `Only calls of this type (${CALL_TYPES.join(", ")})`,
          from: `Earliest creation time, inclusive: ${DATE_OR_TIME}`,
          to: `Latest creation time, inclusive (a date includes that whole day): ${DATE_OR_TIME}`,
          q: "Full-text search (up to 200 characters): words prefix-match the transcription; digits (3 or more, formatting ignored) match the from/to numbers",
        },
        responses: { 200: { description: "One page of calls", schema: CallPage } },
        errors: { 400: "Invalid query parameter (unknown parameters included) or cursor; `errors` names each one" },
      }),
    },
    "/details/summary": {
      get: operation(r, "get", {
        tag: "Call analytics",
        operationId: "getCallSummary",
        summary: "Call totals for the dashboard",
        description:
          "Totals, per day, per status, per call type and per agent over a range of UTC days (default: the last 30 days " +
          "ending today; at most 731 days). Read from a daily rollup, so the cost does not grow with the number of calls. " +
          "Durations are in seconds, costs in USD.",
        query: SummaryQuery,
        queryNotes: {
          from: "First UTC day, YYYY-MM-DD, inclusive (default: 29 days before `to`)",
          to: "Last UTC day, YYYY-MM-DD, inclusive (default: today)",
          agent_id: "Only calls of this agent",
        },
        responses: { 200: { description: "Aggregates over the range", schema: CallSummary } },
        errors: { 400: "Invalid date, `from` after `to`, a range over 731 days, or an unknown parameter" },
      }),
    },
  };
}
