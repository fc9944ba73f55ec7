import { csvRow } from "@/lib/calls/csv";
import { CALL_FIELDS, listCalls, type CallFilters } from "@/lib/db/calls";
import { logError } from "@/lib/http/log";
import { route } from "@/lib/http/route";
import { ExportQuery, rangeBounds } from "@/lib/schemas/calls";

export const dynamic = "force-dynamic";

const PAGE_SIZE = 1000;

/**
 * The filtered call log as CSV, every matching call (not one page), newest first. Pages are read
 * on demand as the client consumes the stream (`pull`), so memory stays flat however many calls
 * match and a client that goes away stops the reading.
 */
export const GET = route({ query: ExportQuery }, async ({ query, auth, requestId }) => {
  const { from, toExclusive } = rangeBounds(query.from, query.to);
  const filters: CallFilters = { agent_id: query.agent_id, status: query.status, call_type: query.call_type, from, toExclusive, q: query.q };
  const accountId = auth.accountId;
  // The first page is read before answering, so a failing query still gets a proper error status.
  let page = await listCalls(accountId, filters, PAGE_SIZE);
  let started = false;
  const encoder = new TextEncoder();

  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(csvRow(CALL_FIELDS)));
        } else {
          // Only reached while the previous page had a cursor: the stream closes after the last one.
          page = await listCalls(accountId, filters, PAGE_SIZE, page.next_cursor!);
        }
        if (page.calls.length) controller.enqueue(encoder.encode(page.calls.map((c) => csvRow(CALL_FIELDS.map((f) => c[f]))).join("")));
        if (!page.next_cursor) controller.close();
      } catch (err) {
        // Headers are gone already: the only honest signal left is to break the download.
        logError("call export failed mid-stream", { requestId, err });
        controller.error(err);
      }
    },
  });

  const day = new Date().toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="calls-${day}.csv"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      "x-request-id": requestId,
    },
  });
});
