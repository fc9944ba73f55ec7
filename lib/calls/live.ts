"use client";

import * as React from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { callKeys } from "@/lib/calls/hooks";
import { campaignKeys } from "@/lib/campaigns/hooks";
import { isFinalStatus } from "@/lib/calls/status";

// One EventSource per tab on GET /api/events (lib/calls/events.ts), shared by every component that
// shows something in flight: the call log, an open call sheet, the dashboard. It is open only while
// one of them shows something in flight that the server has not yet called settled; each "calls"
// event refetches the call and campaign queries. When the server says "idle" (nothing in flight)
// the stream ends, and what was on screen then counts as settled: rows that only look in flight (an
// imported "in_progress", a call the engine never finished) or that disappear after the refetch do
// not reopen it; a new call, or a call in a status not seen before, does.

const watchers = new Map<symbol, string>();
let source: EventSource | null = null;
let settled = new Set<string>();

/** Every component's in-flight entries, one line each. */
const watched = () => new Set([...watchers.values()].flatMap((k) => k.split("\n")).filter(Boolean));

function refresh(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: callKeys.all });
  void qc.invalidateQueries({ queryKey: campaignKeys.all });
}

function sync(qc: QueryClient) {
  const now = watched();
  const want = [...now].some((e) => !settled.has(e));
  if (want && !source) {
    const es = new EventSource("/api/events");
    es.addEventListener("calls", () => refresh(qc));
    es.addEventListener("idle", () => {
      settle(es);
      refresh(qc);
    });
    // A refused stream (signed out, 429) closes for good; a dropped one reconnects by itself.
    es.addEventListener("error", () => { if (es.readyState === EventSource.CLOSED) settle(es); });
    source = es;
  } else if (!want) {
    source?.close();
    source = null;
    settled = now; // forget what left the screen, so its coming back counts as new
  }
}

function settle(es: EventSource) {
  es.close();
  if (source === es) source = null;
  settled = watched();
}

/**
 * Keeps the page's call queries fresh while it shows calls in flight. `inFlight`: what is in flight
 * on screen, one line per call (its sid and status) or per count; "" for nothing.
 */
export function useLiveCalls(inFlight: string) {
  const qc = useQueryClient();
  React.useEffect(() => {
    const me = Symbol("live");
    watchers.set(me, inFlight);
    sync(qc);
    return () => {
      watchers.delete(me);
      sync(qc);
    };
  }, [inFlight, qc]);
}

/** `useLiveCalls`' argument for calls on screen: each one in flight with its status. */
export const inFlightKey = (calls: readonly { call_sid: string; status: string }[]): string =>
  calls.filter((c) => !isFinalStatus(c.status)).map((c) => `${c.call_sid}\t${c.status}`).join("\n");

/** The same for counts per status (the dashboard's figures): the in-flight statuses and their counts. */
export const inFlightCountsKey = (perStatus: readonly { status: string; calls: number }[] | undefined): string =>
  (perStatus ?? []).filter((s) => s.calls > 0 && !isFinalStatus(s.status)).map((s) => `${s.status}=${s.calls}`).join("\n");
