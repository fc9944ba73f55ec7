import { createParser, createSerializer, parseAsInteger, parseAsString, parseAsStringLiteral } from "nuqs";
import { OUTCOME_STATUSES } from "@/lib/outcomes/filters";
import { SENTIMENTS } from "@/lib/outcomes/schema";
import { isDay, RANGE_PRESETS, resolveRange, type RangePreset, type RangeState } from "./date-range";
import { fieldQuery } from "./field-params";

// What the dashboard and the call log keep in the URL (nuqs), so a reload or a shared link shows
// the same view. Names match the API's query parameters where there is one.

/** A UTC day; anything else in the URL is ignored rather than sent to the API as a bad request. */
export const parseAsDay = createParser({ parse: (v: string) => (isDay(v) ? v : null), serialize: (v: string) => v });

export const rangeParsers = {
  range: parseAsStringLiteral(RANGE_PRESETS),
  from: parseAsDay,
  to: parseAsDay,
};

export const dashboardParsers = { ...rangeParsers, agent_id: parseAsString, campaign_id: parseAsString };

/** A version number (1 or more); anything else in the URL is ignored. */
const parseAsVersion = createParser({
  parse: (v: string) => { const n = parseAsInteger.parse(v); return n !== null && n >= 1 ? n : null; },
  serialize: (v: number) => String(v),
});

export const callLogParsers = {
  ...rangeParsers,
  agent_id: parseAsString,
  /** The agent version the calls ran; per agent, so it counts only with agent_id. */
  agent_version: parseAsVersion,
  engine_id: parseAsString,
  /** A kind of engine (the API's `provider`). */
  provider: parseAsString,
  campaign_id: parseAsString,
  status: parseAsString,
  call_type: parseAsString,
  q: parseAsString,
  // Outcome filters; plan fields (field[name]…) are kept by lib/calls/field-params.ts.
  success: parseAsStringLiteral(["true", "false"] as const),
  sentiment: parseAsStringLiteral(SENTIMENTS),
  disposition: parseAsString,
  outcome_status: parseAsStringLiteral(OUTCOME_STATUSES),
  /** The call open in the side sheet. */
  call: parseAsString,
};

export interface CallLogFilters {
  range?: RangePreset | null;
  from?: string | null;
  to?: string | null;
  agent_id?: string | null;
  agent_version?: number | null;
  engine_id?: string | null;
  provider?: string | null;
  campaign_id?: string | null;
  status?: string | null;
  call_type?: string | null;
  q?: string | null;
  success?: "true" | "false" | null;
  sentiment?: (typeof SENTIMENTS)[number] | null;
  disposition?: string | null;
  outcome_status?: (typeof OUTCOME_STATUSES)[number] | null;
}

/** What "Clear filters" sets (everything but the open call). */
export const CLEARED_FILTERS = {
  range: null, from: null, to: null, agent_id: null, agent_version: null, engine_id: null, provider: null, campaign_id: null, status: null, call_type: null, q: null,
  success: null, sentiment: null, disposition: null, outcome_status: null,
} as const satisfies Required<CallLogFilters>;

const serializeCallLog = createSerializer(callLogParsers);

/** `/calls?…` for a chart click or a link; empty values are left out. */
export function callLogHref(filters: CallLogFilters & { call?: string | null }): string {
  return serializeCallLog("/calls", filters);
}

/**
 * The API filters of a call-log view: the range resolved to days, blank search left out, and the
 * plan-field filters (`fields`, keyed field[name]…) under the API's own names.
 */
export function callLogQuery(f: CallLogFilters, today?: string, fields: Record<string, string | null | undefined> = {}): Record<string, string> {
  const range: RangeState = { range: f.range ?? null, from: f.from ?? null, to: f.to ?? null };
  const { from, to } = resolveRange(range, null, today);
  const out: Record<string, string> = {};
  if (from) out.from = from;
  if (to) out.to = to;
  if (f.agent_id) out.agent_id = f.agent_id;
  if (f.agent_id && f.agent_version) out.agent_version = String(f.agent_version);
  if (f.engine_id) out.engine_id = f.engine_id;
  if (f.provider) out.provider = f.provider;
  if (f.campaign_id) out.campaign_id = f.campaign_id;
  if (f.status) out.status = f.status;
  if (f.call_type) out.call_type = f.call_type;
  const q = f.q?.trim();
  if (q) out.q = q.slice(0, 200);
  if (f.success) out.success = f.success;
  if (f.sentiment) out.sentiment = f.sentiment;
  if (f.disposition) out.disposition = f.disposition;
  if (f.outcome_status) out.outcome_status = f.outcome_status;
  return { ...out, ...fieldQuery(fields) };
}

export const toSearch = (params: Record<string, string>) => new URLSearchParams(params).toString();
