import { createParser, createSerializer, parseAsString, parseAsStringLiteral } from "nuqs";
import { isDay, RANGE_PRESETS, resolveRange, type RangePreset, type RangeState } from "./date-range";

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

export const callLogParsers = {
  ...rangeParsers,
  agent_id: parseAsString,
  engine_id: parseAsString,
  campaign_id: parseAsString,
  status: parseAsString,
  call_type: parseAsString,
  q: parseAsString,
  /** The call open in the side sheet. */
  call: parseAsString,
};

export interface CallLogFilters {
  range?: RangePreset | null;
  from?: string | null;
  to?: string | null;
  agent_id?: string | null;
  engine_id?: string | null;
  campaign_id?: string | null;
  status?: string | null;
  call_type?: string | null;
  q?: string | null;
}

const serializeCallLog = createSerializer(callLogParsers);

/** `/calls?…` for a chart click or a link; empty values are left out. */
export function callLogHref(filters: CallLogFilters & { call?: string | null }): string {
  return serializeCallLog("/calls", filters);
}

/** The API filters of a call-log view: the range resolved to days, blank search left out. */
export function callLogQuery(f: CallLogFilters, today?: string): Record<string, string> {
  const range: RangeState = { range: f.range ?? null, from: f.from ?? null, to: f.to ?? null };
  const { from, to } = resolveRange(range, null, today);
  const out: Record<string, string> = {};
  if (from) out.from = from;
  if (to) out.to = to;
  if (f.agent_id) out.agent_id = f.agent_id;
  if (f.engine_id) out.engine_id = f.engine_id;
  if (f.campaign_id) out.campaign_id = f.campaign_id;
  if (f.status) out.status = f.status;
  if (f.call_type) out.call_type = f.call_type;
  const q = f.q?.trim();
  if (q) out.q = q.slice(0, 200);
  return out;
}

export const toSearch = (params: Record<string, string>) => new URLSearchParams(params).toString();
