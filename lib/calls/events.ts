import "server-only";
import { inFlightCalls } from "@/lib/calls/db/live";
import { logError } from "@/lib/http/log";

// GET /api/events: a server-sent event stream that tells an open console when its account's calls
// moved, so the page refetches at once instead of polling. Each stream reads a cheap marker of the
// account's in-flight calls (db/live.ts) once a second from the shared database, so a change that
// ingest committed on any app instance reaches every console, and it ends by itself ("idle") when
// nothing is in flight: an idle console holds no connection and costs no reads.

export const TICK_MS = 1_000;
/** A stream ends after this long and the browser's EventSource reconnects, which checks the session again. */
export const MAX_STREAM_MS = 5 * 60_000;
/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

export interface EventStreamOptions { tickMs?: number; maxMs?: number }

/**
 * Events: `calls` (data `{"in_flight": n}`) on the first read and whenever a call in flight moved
 * since the last tick; `idle` (data `{"in_flight": 0}`) once nothing is in flight, then the stream
 * ends. The first read answers at once either way: a call that moved between the page's own fetch
 * and this read would otherwise go unseen until it moved again, so the page refetches once now.
 */
export function callEventStream(accountId: string, signal: AbortSignal, opts: EventStreamOptions = {}): ReadableStream<Uint8Array> {
  const tick = opts.tickMs ?? TICK_MS;
  const maxMs = opts.maxMs ?? MAX_STREAM_MS;
  const encoder = new TextEncoder();
  let stopped = false;
  let wake: (() => void) | null = null;
  const stop = () => { stopped = true; wake?.(); };
  signal.addEventListener("abort", stop, { once: true });
  const sleep = (ms: number) => new Promise<void>((resolve) => {
    const t = setTimeout(() => { wake = null; resolve(); }, ms);
    wake = () => { clearTimeout(t); wake = null; resolve(); };
  });
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => { if (!stopped) controller.enqueue(encoder.encode(text)); };
      const event = (name: string, inFlight: number) => send(`event: ${name}\ndata: ${JSON.stringify({ in_flight: inFlight })}\n\n`);
      // The browser waits this long before reconnecting after a stream ends without "idle".
      send(`retry: ${tick}\n\n`);
      const started = Date.now();
      let lastBeat = started;
      let marker: string | null = null;
      try {
        while (!stopped && Date.now() - started < maxMs) {
          const now = await inFlightCalls(accountId);
          if (now.calls === 0) { event("idle", 0); break; }
          if (marker === null || now.marker !== marker) event("calls", now.calls);
          marker = now.marker;
          if (Date.now() - lastBeat >= HEARTBEAT_MS) { send(": keep-alive\n\n"); lastBeat = Date.now(); }
          await sleep(tick);
        }
      } catch (err) {
        // A failed read (database busy past its timeout, gone) ends the stream; the browser reconnects.
        logError("event stream read failed", { accountId, err });
      } finally {
        signal.removeEventListener("abort", stop);
        stopped = true;
        try { controller.close(); } catch { /* already cancelled by the client */ }
      }
    },
    cancel: stop,
  });
}

export const EVENT_STREAM_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  // nginx and similar proxies would otherwise buffer the stream.
  "x-accel-buffering": "no",
};
