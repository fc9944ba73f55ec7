import { CALL_FIELDS, listCalls, type CallFilters } from "@/lib/calls/db/calls";
import { csvDownload } from "@/lib/http/csv-download";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { CSV_ENGINE_COLUMNS, ExportQuery, listFilters } from "@/lib/calls/schema";
import { planFieldNames } from "@/lib/agents/db";
import { fieldCells, fieldColumns, OUTCOME_COLUMNS, outcomeCells } from "@/lib/outcomes/csv";
import { outcomeFilter } from "@/lib/outcomes/service";

export const dynamic = "force-dynamic";

const PAGE_SIZE = 1000;

/**
 * The filtered call log as CSV, every matching call (not one page), newest first; the record's fields,
 * its engine's, the outcome's, then one column per field of the plans of the agents exported (the
 * filtered agent's, else every agent's with a plan; the header comes before the rows).
 */
export const GET = route({ query: ExportQuery }, async ({ query, auth, requestId }) => {
  const [outcome, fields] = await Promise.all([outcomeFilter(auth.accountId, query), planFieldNames(auth.accountId, query.agent_id)]);
  const filters: CallFilters = { ...listFilters(query), outcome };
  const read = async (cursor?: string) => {
    const page = await listCalls(auth.accountId, filters, PAGE_SIZE, cursor);
    return { rows: page.calls.map((c) => [...CALL_FIELDS.map((f) => c[f]), ...CSV_ENGINE_COLUMNS.map((f) => c[f]), ...outcomeCells(c.outcome),
      ...fieldCells(c.outcome, fields)]), cursor: page.next_cursor };
  };
  const day = new Date().toISOString().slice(0, 10);
  const header = [...CALL_FIELDS, ...CSV_ENGINE_COLUMNS, ...OUTCOME_COLUMNS, ...fieldColumns(fields)];
  return csvDownload({ requestId, filename: `calls-${day}.csv`, header, first: await read(), next: read, what: "call" });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
