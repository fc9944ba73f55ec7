"use client";

import * as React from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { callKeys } from "@/lib/calls/hooks";
import { campaignKeys } from "@/lib/campaigns/hooks";
import { isFinalStatus } from "@/lib/calls/status";

// One EventSource per tab on GET /api/events (lib/calls/events.ts), shared by every component that
// shows something in flight: the call log, an open call sheet, the dashboard. It is open only while
// one of them shows a call in flight; each "calls" event refetches the call and campaign queries.
// When the server says "idle" (nothing in flight) the stream ends and stays closed until a
// component shows something else in flight (new calls, another status): a row that only looks in
// flight (an imported "in_progress") does not reopen it.

const watchers = new Map<symbol, string>();
let source: EventSource | null = null;
/** What was on screen when the server last said idle (or refused the stream). */
let settledFor = "";

const watched = () => [...watchers.values()].filter(Boolean).sort().join("\n");

function refresh(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: callKeys.all });
  void qc.invalidateQueries({ queryKey: campaignKeys.all });
}

function sync(qc: QueryClient) {
  const key = watched();
  const want = key !== "" && key !== settledFor;
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
  } else if (!want && source) {
    source.close();
    source = null;
  }
}

function settle(es: EventSource) {
  es.close();
  if (source === es) source = null;
  settledFor = watched();
}

/**
 * Keeps the page's call queries fresh while it shows calls in flight. `inFlight`: what is in flight
 * on screen, as a string that changes when that does (e.g. the sids and statuses); "" for nothing.
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
  (perStatus ?? []).filter((s) => s.calls > 0 && !isFinalStatus(s.status)).map((s) => `${s.status}=${s.calls}`).join(",");
