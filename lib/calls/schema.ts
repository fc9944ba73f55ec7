import { z } from "zod";
import { CALL_STATUSES, CallStatus } from "@/lib/calls/status";
import { documentedAs, queryInteger } from "@/lib/core/page-query";
import { PROVIDER_NAMES } from "@/lib/engines/providers";
import { fieldFilters, OutcomeQuery } from "@/lib/outcomes/filters";

// Query parameters of GET /api/details and /api/details/summary, and the call record itself
// (the OpenAPI document and the CSV/JSON importer use the same definitions).

export const CALL_TYPES = ["inbound", "outbound", "web_call"] as const;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const IsoDateOrTime = documentedAs(
  z.string().refine((v) => (DATE_RE.test(v) || v.includes("T")) && !Number.isNaN(Date.parse(v)), "must be an ISO 8601 date (YYYY-MM-DD) or timestamp"),
  { anyOf: [{ type: "string", format: "date" }, { type: "string", format: "date-time" }] },
);
const IsoDate = documentedAs(z.string().regex(DATE_RE, "must be a date YYYY-MM-DD"), { type: "string", format: "date" });

/**
 * A status filter: one of the known statuses (documented as that enum), or any other value, since
 * imported calls keep whatever status they were recorded with; call types likewise.
 */
const StatusFilter = documentedAs(z.union([CallStatus, z.string().min(1)]), { type: "string", enum: [...CALL_STATUSES] });
const CallTypeFilter = documentedAs(z.string().min(1), { type: "string", enum: [...CALL_TYPES] });
/** Engines' ids are UUIDs; one not (or no longer) in the account finds no calls, like an unknown agent. */
const EngineIdFilter = documentedAs(z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "must be an engine id (a UUID)"),
  { type: "string", format: "uuid" });
/** The kinds of engine this build knows (a call carries its engine's). */
const ProviderFilter = z.enum(PROVIDER_NAMES, { error: `must be one of: ${PROVIDER_NAMES.join(", ")}` });

const DetailsObject = z
  .object({
    limit: queryInteger(1, 1000).optional(),
    cursor: z.string().min(1).optional(),
    agent_id: z.string().min(1).optional(),
    engine_id: EngineIdFilter.optional(),
    provider: ProviderFilter.optional(),
    campaign_id: z.string().min(1).optional(),
    /** The agent version the calls ran; needs agent_id (versions are numbered per agent). */
    agent_version: queryInteger(1, 2_147_483_647).optional(),
    status: StatusFilter.optional(),
    call_type: CallTypeFilter.optional(),
    from: IsoDateOrTime.optional(),
    to: IsoDateOrTime.optional(),
    q: z.string().max(200).optional(),
    ...OutcomeQuery,
  })
  // Beyond the named parameters only the outcome field filters (field[name], field[name][gte|lte]).
  .loose();

/** Any other parameter is still a 400 naming it, as with a strict object. */
const onlyFieldFilters = (known: readonly string[]) => (v: Record<string, unknown>, ctx: z.RefinementCtx) => {
  for (const k of fieldFilters(v, known).unknown) ctx.addIssue({ code: "custom", path: [k], message: "unknown query parameter" });
  versionNeedsAgent(v, ctx);
};

/**
 * Version numbers are per agent: agent_version alone names no calls. The 400 names both; its path is
 * the missing agent_id (agent_version's own value is valid, as a lone sample of it must read).
 */
function versionNeedsAgent(v: { agent_version?: unknown; agent_id?: unknown }, ctx: z.RefinementCtx) {
  if (v.agent_version !== undefined && !v.agent_id) ctx.addIssue({ code: "custom", path: ["agent_id"], message: "agent_version needs agent_id (version numbers are per agent)" });
}

export const DetailsQuery = DetailsObject.superRefine(onlyFieldFilters(Object.keys(DetailsObject.shape)));
export type DetailsQuery = z.output<typeof DetailsQuery>;

/** GET /api/details/export: the list filters without paging (the export walks every page itself). */
const ExportObject = DetailsObject.omit({ limit: true, cursor: true });
export const ExportQuery = ExportObject.superRefine(onlyFieldFilters(Object.keys(ExportObject.shape)));

/** Past this many matches a count of the calls themselves stops and says "at least" (CallCount's `capped`). */
export const COUNT_CAP = 10_000;

/** GET /api/details/count: how many calls the list's filters match (the export's query: the filters without paging). */
export const CallCount = z
  .object({
    total: z.number().int().min(0).describe("Calls that match; with `capped` the count stopped here and more match"),
    capped: z.boolean().describe(`true: at least \`total\` calls match (the count stops past ${COUNT_CAP.toLocaleString("en-US")} when it has to count the calls themselves)`),
    source: z.enum(["rollup", "calls"]).describe("rollup: summed from the daily rollup (filters on agent, status, call type, engine and whole UTC days); calls: the matching calls counted"),
  })
  .meta({ id: "CallCount" });

/** The export's columns after the record's 13 fields: the call's engine and its provider (empty without one), and the agent version it ran (empty for calls from before versions). */
export const CSV_ENGINE_COLUMNS = ["engine_id", "provider", "agent_version"] as const;

/** A parsed call-log query's filters as listCalls takes them (the outcome filter is resolved by the caller). */
export function listFilters(q: z.output<typeof ExportObject>) {
  const { from, toExclusive } = rangeBounds(q.from, q.to);
  return { agent_id: q.agent_id, agent_version: q.agent_version, engine_id: q.engine_id, provider: q.provider, campaign_id: q.campaign_id,
    status: q.status, call_type: q.call_type, from, toExclusive, q: q.q };
}

/** GET /api/details/{call_sid}. */
export const CallSidParams = z.object({ call_sid: z.string().min(1).max(128) }).strict();

export const SummaryQuery = z
  .object({
    from: IsoDate.optional(),
    to: IsoDate.optional(),
    agent_id: z.string().min(1).optional(),
    agent_version: queryInteger(1, 2_147_483_647).optional(),
    campaign_id: z.string().min(1).optional(),
    engine_id: EngineIdFilter.optional(),
    provider: ProviderFilter.optional(),
  })
  .strict()
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: "from must not be after to", path: ["from"] })
  .superRefine(versionNeedsAgent);

/** `from` is inclusive from the start of its day; a date-only `to` includes that whole day. */
export function rangeBounds(from?: string, to?: string): { from?: string; toExclusive?: string } {
  const out: { from?: string; toExclusive?: string } = {};
  if (from) out.from = new Date(DATE_RE.test(from) ? `${from}T00:00:00Z` : from).toISOString();
  if (to) {
    const end = DATE_RE.test(to) ? Date.parse(`${to}T00:00:00Z`) + 86_400_000 : Date.parse(to) + 1;
    out.toExclusive = new Date(end).toISOString();
  }
  return out;
}

/** A call record as the spec lists it; used to validate imported rows. */
export const CallRecord = z.object({
  call_sid: z.string().min(1).max(128),
  agent_id: z.string().min(1).max(128),
  name: z.string().max(200).default(""),
  from_number: z.string().max(64).default(""),
  to_number: z.string().max(64).default(""),
  duration: z.coerce.number().min(0, "must be >= 0 (seconds)"),
  recording_url: z.string().max(2048).default(""),
  transcription: z.string().max(1_000_000).default(""),
  status: z.string().min(1).max(64),
  cost: z.coerce.number().min(0, "must be >= 0 (USD)"),
  call_type: z.string().min(1).max(64),
  created_at: z
    .string()
    .refine((v) => !Number.isNaN(Date.parse(v)), "must be an ISO 8601 timestamp")
    .transform((v) => new Date(v).toISOString()),
});
