import { CONTACTS_BATCH } from "@/lib/contacts/csv-columns";
import { ApiError } from "@/lib/http/fetch-json";
import type { CsvWorker } from "./use-csv-worker";

/** Below the server's default 5 MB body limit; a smaller configured limit is found by halving on 413. */
const MAX_BATCH_BYTES = 4 * 1024 * 1024;
const MIN_BATCH_BYTES = 64 * 1024;
const RETRIES = 3;

export interface UploadTotals {
  /** Contacts in requests the server answered. */
  sent: number;
  added: number;
  /** The server's total_duplicates: numbers already in the list. */
  alreadyInList: number;
  /** Rows the server refused although the preview passed them (the same rules: should stay 0). */
  rejected: number;
  batches: number;
}

export interface UploadOutcome {
  totals: UploadTotals;
  /** Position in the rows to send where a resumed upload continues. */
  next: number;
  done: boolean;
  cancelled: boolean;
  error: string | null;
}

type AddResponse = { total_added: number; total_duplicates: number };
type Refused = { invalid_contacts: { index: number; reason: string }[] };

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(t), reject(signal.reason)), { once: true });
  });

const isAbort = (err: unknown) => err instanceof DOMException && err.name === "AbortError";

/** One POST /add; a busy database (503), a rate limit (429) or a dropped connection is retried after a pause. */
async function post(url: string, body: string, signal: AbortSignal): Promise<{ status: number; json: unknown }> {
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body,
        signal,
      });
    } catch (err) {
      if (isAbort(err) || attempt >= RETRIES) throw isAbort(err) ? err : new ApiError(0, "Network error: the server could not be reached");
      await sleep(1000 * (attempt + 1), signal);
      continue;
    }
    const json: unknown = await res.json().catch(() => null);
    if ((res.status === 503 || res.status === 429) && attempt < RETRIES) {
      const header = res.headers.get("retry-after");
      const wait = header !== null && Number.isFinite(Number(header)) ? Math.min(Math.max(Number(header), 0), 10) : 1;
      await sleep(wait * 1000, signal);
      continue;
    }
    return { status: res.status, json };
  }
}

/**
 * Sends the rows the preview passed, CONTACTS_BATCH at a time, from position `from`. Each request
 * is its own transaction on the server: what was sent before a cancel or an error stays added, and
 * a resumed or repeated upload only finds those as duplicates.
 */
export async function uploadBatches(opts: {
  worker: CsvWorker;
  listId: string;
  from: number;
  totals: UploadTotals;
  signal: AbortSignal;
  onProgress: (totals: UploadTotals, next: number) => void;
  /** Where the API is; the console's own origin unless a test says otherwise. */
  baseUrl?: string;
}): Promise<UploadOutcome> {
  const { worker, listId, signal, onProgress } = opts;
  const url = `${opts.baseUrl ?? ""}/api/contacts/${encodeURIComponent(listId)}/add`;
  const totals = { ...opts.totals };
  let next = opts.from;
  let maxBytes = MAX_BATCH_BYTES;
  try {
    for (;;) {
      if (signal.aborted) throw signal.reason;
      const batch = await worker.request({ type: "batch", from: next, maxRows: CONTACTS_BATCH, maxBytes });
      if (batch.rows.length === 0) return { totals, next, done: true, cancelled: false, error: null };
      const { status, json } = await post(url, batch.body, signal);
      if (status === 200) {
        const r = json as AddResponse;
        totals.added += r.total_added;
        totals.alreadyInList += r.total_duplicates;
        totals.sent += batch.rows.length;
        totals.batches++;
        next = batch.next;
        onProgress({ ...totals }, next);
      } else if (status === 422 && ((json as Refused | null)?.invalid_contacts?.length ?? 0) > 0) {
        // Nothing of this batch was added: set the refused rows aside and send the batch again.
        const refused = (json as Refused).invalid_contacts.map((c) => ({ index: batch.rows[c.index], reason: c.reason }));
        await worker.request({ type: "reject", rows: refused });
        totals.rejected += refused.length;
      } else if (status === 413 && maxBytes > MIN_BATCH_BYTES) {
        maxBytes = Math.max(MIN_BATCH_BYTES, Math.floor(maxBytes / 2));
      } else {
        const message = (json as { message?: string } | null)?.message ?? `HTTP ${status}`;
        return { totals, next, done: false, cancelled: false, error: message };
      }
    }
  } catch (err) {
    if (isAbort(err) || signal.aborted) return { totals, next, done: false, cancelled: true, error: null };
    return { totals, next, done: false, cancelled: false, error: err instanceof Error ? err.message : String(err) };
  }
}
