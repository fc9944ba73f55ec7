import { z } from "zod";
import { CALL_TYPES, COUNT_CAP, CSV_ENGINE_COLUMNS, CallCount, CallSidParams, DetailsQuery, ExportQuery, SummaryQuery } from "@/lib/calls/schema";
import type { SchemaRegistry } from "@/lib/openapi/json-schema";
import { operation, type OperationObject } from "@/lib/openapi/operation";
import { CallPage, CallRecord, CallSummary } from "@/lib/openapi/responses";
import { OUTCOME_COLUMNS } from "@/lib/outcomes/csv";

const DATE_OR_TIME = "ISO 8601 date (YYYY-MM-DD, a whole UTC day) or timestamp";

/** The engine filters, the same on the list, the export and the summary. */
const ENGINE_NOTES = {
  engine_id: "Only calls that came through this engine (an engine id, a UUID; anything else is a 400); a deleted engine's calls still match",
  provider: "Only calls that came through an engine of this kind (the engine's `provider`; another value is a 400)",
};

export const FILTER_NOTES = {
  agent_id: "Only calls of this agent",
  agent_version: "Only calls that ran this version of the agent (the call's `agent_version`); needs `agent_id` (a 400 otherwise)",
  ...ENGINE_NOTES,
  status: "Only calls with this status, exactly as recorded: one of the listed statuses (an engine's names, plus in_progress and rejected, the older names imported calls carry) or any other value an imported call was recorded with",
  call_type: `Only calls of this type (${CALL_TYPES.join(", ")})`,
  from: `Earliest creation time, inclusive: ${DATE_OR_TIME}`,
  to: `Latest creation time, inclusive (a date includes that whole day): ${DATE_OR_TIME}`,
  q: "Full-text search (up to 200 characters): words prefix-match the transcription; digits (3 or more, formatting ignored) match the from/to numbers",
  success: "Only calls whose outcome says the call succeeded (true) or did not (false)",
  sentiment: "Only calls whose outcome has this sentiment",
  disposition: "Only calls whose outcome has this disposition (one of the agent's disposition choices)",
  outcome_status: "Only calls whose outcome is analyzed, pending (Voxdesk's analysis queued or running), failed (it failed), or none (nobody analysed the call)",
};

export const FIELD_NOTES =
  " Outcome fields filter as `field[name]=value` (a plan field equal to the value), `field[name][gte]=n` and " +
  "`field[name][lte]=n` (a number field in a range); with `agent_id` a field that agent's analysis plan does not " +
  "define, or a value not of its type, is a 400 naming the parameter.";

const EventStreamBody = z
  .string()
  .describe("Server-sent events (text/event-stream): a `retry: 1000` line, then `event: calls` with JSON data `{\"marker\": \"<opaque>\"}`, and `: keep-alive` comments.");

// The record's spec fields are the ones up to created_at; the engine's extras are not exported.
const SPEC_FIELDS = Object.keys(CallRecord.shape).slice(0, Object.keys(CallRecord.shape).indexOf("created_at") + 1);

const CsvBody = z
  .string()
  .describe(
    `RFC 4180 CSV, UTF-8, CRLF line ends. A header row with the record's ${SPEC_FIELDS.length} spec fields (${SPEC_FIELDS.join(", ")}), ` +
      `the call's engine and agent version (${CSV_ENGINE_COLUMNS.join(", ")}; empty for calls without one) and the outcome columns ` +
      `(${OUTCOME_COLUMNS.join(", ")}; outcome_fields is every field the outcome holds as JSON), then one column per field of the analysis plans ` +
      "of the agents exported (the `agent_id` filter's agent, else every agent of the account with a plan; `field_<name>`, e.g. field_seats, " +
      "each name once, oldest agent first; empty where a call has no value), then one row per call. " +
      "Text cells that start with = @ (or a tab/carriage return), or with + or - not followed by only phone characters, " +
      "get a leading ' so spreadsheets do not run them as formulas, and so does such text after a , ; tab or line break inside a cell " +
      "(a spreadsheet splitting on ; would start a cell there); phone numbers such as +14155550101 stay as written, " +
      "so the file can be read back with `npm run cli -- calls import` (account_id and the engine and outcome columns are ignored there).",
  );

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
          "`duration` is in seconds and `cost` in USD; a call with `cost_estimated: true` carries an estimate from its usage and the account's prices (GET /pricing)." + FIELD_NOTES,
        query: DetailsQuery,
        queryNotes: {
          limit: "Page size, an integer from 1 to 1000 (default 100); anything else is a 400",
          cursor: "Opaque cursor: `next_cursor` of the previous page, unchanged",
          ...FILTER_NOTES,
        },
        responses: { 200: { description: "One page of calls", schema: CallPage } },
        errors: { 400: "Invalid query parameter (unknown parameters included) or cursor; `errors` names each one" },
      }),
    },
    "/details/export": {
      get: operation(r, "get", {
        tag: "Call analytics",
        operationId: "exportCalls",
        summary: "Export call records as CSV",
        description:
          "Every call matching the filters of `GET /details` (not only one page), newest first, as a CSV download " +
          "(`Content-Disposition: attachment`). The server streams it, reading 1000 calls at a time as the client " +
          "consumes the body, so an export of any size holds little memory. `duration` is in seconds and `cost` in USD. " +
          "Should the database fail after the first bytes were sent, the body ends early without a final line break." + FIELD_NOTES,
        query: ExportQuery,
        queryNotes: FILTER_NOTES,
        responses: {
          200: {
            description: "The matching calls as CSV",
            contentType: "text/csv",
            schema: CsvBody,
            headers: { "Content-Disposition": 'Always `attachment; filename="calls-YYYY-MM-DD.csv"` (the day of the export, UTC).' },
          },
        },
        errors: { 400: "Invalid query parameter (including `limit` and `cursor`, which this endpoint does not take); `errors` names each one" },
      }),
    },
    "/details/count": {
      get: operation(r, "get", {
        tag: "Call analytics",
        operationId: "countCalls",
        summary: "Count the calls that match",
        description:
          "How many calls match the filters of `GET /details` (same names and values, without paging), asked for apart " +
          "from the pages so that listing never pays for a count. Filters on agent, status, call type, engine and provider " +
          "over whole UTC days (date-only `from`/`to`, or none) are summed from the daily rollup (`source: rollup`), so the " +
          "answer costs the same at a million calls; any other filter (search, campaign, version, outcome, a time of day) " +
          `counts the matching calls and stops past ${COUNT_CAP.toLocaleString("en-US")} (\`capped: true\`, \`total\` ${COUNT_CAP}).` + FIELD_NOTES,
        query: ExportQuery,
        queryNotes: FILTER_NOTES,
        responses: { 200: { description: "The count", schema: CallCount } },
        errors: { 400: "Invalid query parameter (including `limit` and `cursor`, which this endpoint does not take); `errors` names each one" },
      }),
    },
    "/events": {
      get: operation(r, "get", {
        tag: "Call analytics",
        operationId: "streamCallEvents",
        summary: "Server-sent events: the account's calls changed",
        description:
          "A `text/event-stream` for a console that shows calls: instead of polling, refetch when told. It sends " +
          "`event: calls` at once when it opens (refetch then: something may have changed since your last read), and " +
          "again within about a second of each change to one of the account's calls: a new call (placed through the " +
          "API, by a campaign, by another operator, imported) and every status change, whichever app instance took " +
          "it. The data `{\"marker\": \"...\"}` is opaque; only its arrival means something. The stream stays open " +
          "while you listen (close it while you show nothing, e.g. in a hidden tab) and ends after 5 minutes; an " +
          "EventSource then reconnects after the `retry` delay (1 s), which checks the credential again.",
        responses: { 200: { description: "The event stream", contentType: "text/event-stream", schema: EventStreamBody } },
      }),
    },
    "/details/{call_sid}": {
      get: operation(r, "get", {
        tag: "Call analytics",
        operationId: "getCall",
        summary: "One call record",
        description:
          "The record of one call of the account, with the same 13 fields as in `GET /details`. The paths " +
          "/details/summary, /details/export and /details/count take precedence, so a call whose sid is `summary`, `export` or `count` can only be listed.",
        params: CallSidParams,
        paramNotes: { call_sid: "The call's `call_sid` (URL-encoded)" },
        responses: { 200: { description: "The call", schema: CallRecord } },
        errors: { 404: "No call with this sid in the caller's account" },
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
          "`outcomes` sums the calls' analysed outcomes (success, sentiment, disposition) by the call's UTC day, from a rollup " +
          "too; with `campaign_id`, from that campaign's calls. `engine_id` and `provider` narrow every figure, still from the " +
          "rollups. Durations are in seconds, costs in USD.",
        query: SummaryQuery,
        queryNotes: {
          from: "First UTC day, YYYY-MM-DD, inclusive (default: 29 days before `to`)",
          to: "Last UTC day, YYYY-MM-DD, inclusive (default: today)",
          agent_id: "Only calls of this agent",
          agent_version: "Only calls that ran this version of the agent (needs `agent_id`); read from that version's calls, not the rollup",
          ...ENGINE_NOTES,
        },
        responses: { 200: { description: "Aggregates over the range", schema: CallSummary } },
        errors: { 400: "Invalid date, `from` after `to`, a range over 731 days, or an unknown parameter" },
      }),
    },
  };
}
