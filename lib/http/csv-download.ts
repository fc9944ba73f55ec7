import "server-only";
import { csvRow } from "@/lib/calls/csv";
import { logError } from "./log";

export interface CsvPage { rows: readonly (readonly unknown[])[]; cursor: string | null }

/**
 * A CSV download of every matching row, read a page at a time as the client consumes the stream
 * (`pull`): memory stays flat however many rows match, and a client that goes away stops the
 * reading. The caller reads the first page before answering, so a failing query still gets a
 * proper error status; a failure later can only break the download.
 */
export function csvDownload(o: {
  requestId: string; filename: string; header: readonly string[]; first: CsvPage; next: (cursor: string) => Promise<CsvPage>; what: string;
}): Response {
  const encoder = new TextEncoder();
  let page = o.first;
  let started = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(csvRow(o.header)));
        } else {
          // Only reached while the previous page had a cursor: the stream closes after the last one.
          page = await o.next(page.cursor!);
        }
        if (page.rows.length) controller.enqueue(encoder.encode(page.rows.map((r) => csvRow(r)).join("")));
        if (!page.cursor) controller.close();
      } catch (err) {
        logError(`${o.what} export failed mid-stream`, { requestId: o.requestId, err });
        controller.error(err);
      }
    },
  });
  return new Response(stream, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${o.filename}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      "x-request-id": o.requestId,
    },
  });
}
