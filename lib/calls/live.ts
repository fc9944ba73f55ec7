"use client";

import * as React from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { callKeys } from "@/lib/calls/hooks";
import { campaignKeys } from "@/lib/campaigns/hooks";

// One EventSource per tab on GET /api/events (lib/calls/events.ts), shared by every component that
// shows calls: the call log, an open call sheet, the dashboard, a campaign's page. Each "calls" event
// (one when the stream opens, then one per change to the account's calls, whoever made it) refetches
// the call and campaign queries on screen. A hidden tab holds no stream: it closes when the page is
// hidden and reopens when it is shown again, and that reopening's first event refetches what changed
// meanwhile.

const users = new Set<symbol>();
let source: EventSource | null = null;
let client: QueryClient | null = null;

/** A refused stream is asked for again after 1 s, then 2, 4 … at most 30 s, until one opens. */
const REOPEN_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000];
let refusals = 0;
let reopen: ReturnType<typeof setTimeout> | null = null;

let refreshing = false;
let again = false;

/**
 * Refetches the call and campaign queries on screen (cancelling a fetch the page started before, which
 * may have read before the change). Events that come while this refetch runs are folded into one more
 * refetch after it, rather than cancelling it: on a busy account a new event each tick would otherwise
 * restart a slow query (the dashboard's figures) before it ever answered.
 */
async function refresh() {
  if (refreshing) {
    again = true;
    return;
  }
  refreshing = true;
  try {
    do {
      again = false;
      await Promise.all([callKeys.all, campaignKeys.all].map((queryKey) =>
        client?.invalidateQueries({ queryKey }).catch(() => {})));
    } while (again);
  } finally {
    refreshing = false;
  }
}

function sync() {
  const want = users.size > 0 && document.visibilityState === "visible";
  // Whatever called, the stream is opened or closed now: a pending reopen has nothing left to do.
  if (reopen) {
    clearTimeout(reopen);
    reopen = null;
  }
  if (want && !source) {
    const es = new EventSource("/api/events");
    es.addEventListener("open", () => { refusals = 0; });
    es.addEventListener("calls", () => void refresh());
    // A dropped stream reconnects by itself; a refused one (a 503 while the database is busy, a 429)
    // is closed by the browser for good, so it is asked for again here, less often each time. Signed
    // out, the page's own reads send the operator to sign in.
    es.addEventListener("error", () => {
      if (es.readyState !== EventSource.CLOSED || source !== es) return;
      source = null;
      const wait = REOPEN_MS[Math.min(refusals++, REOPEN_MS.length - 1)];
      reopen = setTimeout(sync, wait);
    });
    source = es;
  } else if (!want && source) {
    source.close();
    source = null;
  }
}

/** Keeps the page's call and campaign queries fresh while it is visible. */
export function useLiveCalls() {
  const qc = useQueryClient();
  React.useEffect(() => {
    const me = Symbol("live");
    client = qc;
    if (users.size === 0) document.addEventListener("visibilitychange", sync);
    users.add(me);
    sync();
    return () => {
      users.delete(me);
      if (users.size === 0) document.removeEventListener("visibilitychange", sync);
      sync();
    };
  }, [qc]);
}
