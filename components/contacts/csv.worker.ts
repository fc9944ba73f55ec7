// The uploader's web worker: parsing the CSV, reading every number with libphonenumber-js's max
// metadata and building upload batches all happen here, so the page stays responsive for a file
// of any size. It holds the rows (lib/contacts/csv-session.ts); the page asks only for what it shows.
import type { WorkerMessage, WorkerRequest } from "@/lib/contacts/csv-protocol";
import { CsvSession, dispatch } from "@/lib/contacts/csv-session";

const scope = self as unknown as {
  postMessage(message: WorkerMessage): void;
  onmessage: ((event: MessageEvent<{ id: number; request: WorkerRequest }>) => void) | null;
};

const session = new CsvSession();

// Assigned (not addEventListener) so nothing else in the bundle can also answer these messages.
scope.onmessage = (event) => {
  const { id, request } = event.data;
  dispatch(session, request, (done, total) => scope.postMessage({ id, kind: "progress", done, total })).then(
    (value) => scope.postMessage({ id, kind: "result", value }),
    (err: unknown) => scope.postMessage({ id, kind: "error", message: err instanceof Error ? err.message : String(err) }),
  );
};
