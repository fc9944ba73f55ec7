import { CALL_FIELDS, listCalls, type CallFilters } from "@/lib/calls/db/calls";
import { csvDownload } from "@/lib/http/csv-download";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { ExportQuery, rangeBounds } from "@/lib/calls/schema";
import { OUTCOME_COLUMNS, outcomeCells } from "@/lib/outcomes/csv";
import { outcomeFilter } from "@/lib/outcomes/service";

export const dynamic = "force-dynamic";

const PAGE_SIZE = 1000;

/** The filtered call log as CSV, every matching call (not one page), newest first; the outcome columns last. */
export const GET = route({ query: ExportQuery }, async ({ query, auth, requestId }) => {
  const { from, toExclusive } = rangeBounds(query.from, query.to);
  const filters: CallFilters = { agent_id: query.agent_id, agent_version: query.agent_version, engine_id: query.engine_id, campaign_id: query.campaign_id, status: query.status, call_type: query.call_type, from, toExclusive, q: query.q,
    outcome: await outcomeFilter(auth.accountId, query) };
  const read = async (cursor?: string) => {
    const page = await listCalls(auth.accountId, filters, PAGE_SIZE, cursor);
    return { rows: page.calls.map((c) => [...CALL_FIELDS.map((f) => c[f]), ...outcomeCells(c.outcome)]), cursor: page.next_cursor };
  };
  const day = new Date().toISOString().slice(0, 10);
  return csvDownload({ requestId, filename: `calls-${day}.csv`, header: [...CALL_FIELDS, ...OUTCOME_COLUMNS], first: await read(), next: read, what: "call" });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
