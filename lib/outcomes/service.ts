import "server-only";
import { getAgent } from "@/lib/agents/db";
import { validationError } from "@/lib/http/route";
import type { OutcomeFilter } from "./db";
import { fieldFilterErrors, fieldFilters, type OUTCOME_STATUSES } from "./filters";

interface OutcomeParams {
  agent_id?: string; success?: "true" | "false"; sentiment?: string; disposition?: string;
  outcome_status?: (typeof OUTCOME_STATUSES)[number];
}

/**
 * The call log's outcome filters from a validated query (GET /api/details and its export). With
 * agent_id, each field[…] must be a field of that agent's plan, of the right type (else a 400
 * naming the parameter); without it any field name may match.
 */
export async function outcomeFilter(accountId: string, query: OutcomeParams & Record<string, unknown>): Promise<OutcomeFilter> {
  const { filters } = fieldFilters(query, Object.keys(query).filter((k) => !k.startsWith("field[")));
  let plan = null;
  if (filters.length && query.agent_id) plan = (await getAgent(accountId, query.agent_id))?.analysis_plan ?? null;
  const errors = fieldFilterErrors(filters, plan, Boolean(query.agent_id));
  if (errors.length) throw validationError(errors);
  return {
    success: query.success === undefined ? undefined : query.success === "true",
    sentiment: query.sentiment, disposition: query.disposition, status: query.outcome_status, fields: filters,
  };
}
