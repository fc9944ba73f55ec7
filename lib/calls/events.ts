import "server-only";
import { TICK_MS, watchCalls } from "@/lib/calls/live-hub";
import { recordStream } from "@/lib/core/metrics";
import { logError } from "@/lib/http/log";

// GET /api/events: a server-sent event stream that tells an open console when its account's calls
// changed (a new call, any status change, whoever made it), so the page refetches at once instead of
// polling. The stream reads nothing itself: this instance's poller (live-hub.ts) reads the account's
// change marker once a tick for all of the account's streams here. The console holds a stream only
// while its tab is visible (lib/calls/live.ts).

/** A stream ends after this long and the browser's EventSource reconnects, which checks the session again. */
export const MAX_STREAM_MS = 5 * 60_000;
/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

export interface EventStreamOptions { maxMs?: number }

/**
 * Events: `calls` (data `{"marker": "<opaque>"}`) at once when the stream opens (a call that changed
 * between the page's own fetch and the stream's start would otherwise go unseen until it changed
 * again, so the page refetches once now), then each time the account's calls changed. The stream
 * stays open until the client leaves or MAX_STREAM_MS passes.
 */
export function callEventStream(accountId: string, signal: AbortSignal, opts: EventStreamOptions = {}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let closed = false;
  let stopWatching: (() => void) | null = null;
  let beat: ReturnType<typeof setInterval> | undefined;
  let end: ReturnType<typeof setTimeout> | undefined;
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const finish = () => {
    if (closed) return;
    closed = true;
    clearInterval(beat);
    clearTimeout(end);
    stopWatching?.();
    signal.removeEventListener("abort", finish);
    recordStream(-1);
    try { controller?.close(); } catch { /* already cancelled by the client */ }
  };
  const send = (text: string) => {
    if (closed || !controller) return;
    try { controller.enqueue(encoder.encode(text)); } catch { finish(); }
  };
  const changed = (marker: number) => send(`event: calls\ndata: ${JSON.stringify({ marker: String(marker) })}\n\n`);
  return new ReadableStream<Uint8Array>({
    async start(c) {
      controller = c;
      recordStream(1);
      signal.addEventListener("abort", finish, { once: true });
      // The browser waits this long before reconnecting after a stream ends.
      send(`retry: ${TICK_MS}\n\n`);
      try {
        const watch = await watchCalls(accountId, changed);
        if (closed) return watch.stop();
        stopWatching = watch.stop;
        changed(watch.marker);
      } catch (err) {
        // The first marker read failed (database busy past its timeout, gone): the browser reconnects.
        logError("event stream read failed", { accountId, err });
        return finish();
      }
      beat = setInterval(() => send(": keep-alive\n\n"), HEARTBEAT_MS);
      end = setTimeout(finish, opts.maxMs ?? MAX_STREAM_MS);
    },
    cancel: finish,
  });
}

export const EVENT_STREAM_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  // nginx and similar proxies would otherwise buffer the stream.
  "x-accel-buffering": "no",
};
