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
  if (want && !source) {
    const es = new EventSource("/api/events");
    es.addEventListener("calls", () => void refresh());
    // A refused stream (signed out, 429) closes for good until the page is shown again or a view
    // that shows calls mounts; a dropped one reconnects by itself.
    es.addEventListener("error", () => { if (es.readyState === EventSource.CLOSED && source === es) source = null; });
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
