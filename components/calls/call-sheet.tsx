"use client";

import * as React from "react";
import { StatusBadge } from "@/components/ui/badge";
import { ErrorState } from "@/components/ui/error-state";
import { Sheet, SheetBody, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import Link from "next/link";
import { callTypeLabel } from "@/lib/calls/call-types";
import { callLogHref } from "@/lib/calls/url-state";
import { formatDateTime, formatDuration } from "@/lib/calls/format";
import { isApiError } from "@/lib/http/fetch-json";
import { useCall, type CallRecord } from "@/lib/calls/hooks";
import { useLiveCalls } from "@/lib/calls/live";
import { CallEngineFields, hasEngineFields } from "./call-engine-fields";
import { CallFields } from "./call-fields";
import { CallOutcome } from "./call-outcome";
import { TranscriptView } from "./transcript-view";

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="border-b border-zinc-100 py-4 first:pt-0 last:border-0 dark:border-zinc-800">
      <h3 className="mb-3 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{title}</h3>
      {children}
    </section>
  );
}

/**
 * The player, until the recording fails to load (expired link, host down, not audio): then a plain
 * "unavailable" with the link, instead of a player stuck at 0:00 / 0:00 that does nothing.
 * preload="none": nothing is fetched from the recording host until the operator presses play.
 */
function Recording({ url }: { url: string }) {
  const [failed, setFailed] = React.useState(false);
  if (failed) {
    return (
      <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="recording-unavailable">
        Recording unavailable: it could not be loaded from{" "}
        <a href={url} target="_blank" rel="noreferrer noopener" className="break-all text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400">its link</a>
        {" "}(it may have expired or been removed).
      </p>
    );
  }
  return (
    <audio controls preload="none" src={url} className="w-full" aria-label="Call recording" onError={() => setFailed(true)}>
      <a href={url}>Download the recording</a>
    </audio>
  );
}

function CallBody({ call, searchHint }: { call: CallRecord; searchHint?: string }) {
  return (
    <>
      <Section title="Recording">
        {call.recording_url ? (
          <Recording key={call.recording_url} url={call.recording_url} />
        ) : (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">No recording for this call.</p>
        )}
      </Section>
      <Section title="Outcome">
        <CallOutcome call={call} />
      </Section>
      {hasEngineFields(call) && (
        <Section title="From the engine">
          <CallEngineFields call={call} />
        </Section>
      )}
      <Section title="Transcript">
        <TranscriptView key={call.call_sid} text={call.transcription} initialQuery={searchHint} />
      </Section>
      <Section title="Details">
        <CallFields call={call} />
      </Section>
    </>
  );
}

/**
 * The agent version the call ran (agent_version, stamped when the call was placed or ingested);
 * nothing for calls from before versions, which carry none.
 */
function AgentVersion({ call }: { call: CallRecord }) {
  if (call.agent_version == null) return null;
  return (
    <>
      <span aria-hidden="true">·</span>
      {/* The call log of this agent's calls that ran the same version. */}
      <Link href={callLogHref({ agent_id: call.agent_id, agent_version: call.agent_version })} data-testid="call-agent-version"
        className="text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300">
        Agent version v{call.agent_version}
      </Link>
    </>
  );
}

export type CallSheetProps = {
  sid: string | null;
  /** The row already loaded in the table, if the call is on screen. */
  known?: CallRecord;
  /** The call log's search, pre-filled into the transcript search. */
  searchHint?: string;
  onClose: () => void;
};

/** One call in a side sheet; the sid comes from the URL (`?call=`), so the view can be shared. */
export function CallSheet({ sid, known, searchHint, onClose }: CallSheetProps) {
  const query = useCall(sid, known);
  useLiveCalls();
  const call = query.data;
  const notFound = isApiError(query.error) && query.error.status === 404;
  return (
    <Sheet open={Boolean(sid)} onOpenChange={(open) => !open && onClose()}>
      {/* Focus the sheet itself on open, not its first control (the close button would show a focus ring for a mouse click). */}
      <SheetContent onOpenAutoFocus={(e) => { e.preventDefault(); (e.currentTarget as HTMLElement | null)?.focus(); }}>
        <SheetHeader>
          <SheetTitle>{call ? `Call on ${formatDateTime(call.created_at)}` : "Call"}</SheetTitle>
          {call ? (
            <SheetDescription asChild>
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <StatusBadge status={call.status} />
                <span>{call.name || call.agent_id}</span>
                <AgentVersion call={call} />
                <span aria-hidden="true">·</span>
                <span>{callTypeLabel(call.call_type)}</span>
                <span aria-hidden="true">·</span>
                <span className="tabular-nums">{formatDuration(call.duration)}</span>
              </div>
            </SheetDescription>
          ) : (
            <SheetDescription className="font-mono text-xs break-all">{sid}</SheetDescription>
          )}
        </SheetHeader>
        <SheetBody>
          {call ? (
            <CallBody call={call} searchHint={searchHint} />
          ) : query.isError ? (
            <ErrorState
              title={notFound ? "Call not found" : "Could not load the call"}
              message={notFound ? "There is no call with this id in your account." : query.error.message}
              onRetry={notFound ? undefined : () => query.refetch()}
              retrying={query.isFetching}
            />
          ) : (
            <div role="status" className="flex flex-col gap-3" aria-busy="true" aria-label="Loading the call">
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-24 w-3/4" />
              <Skeleton className="ml-auto h-16 w-2/3" />
              <Skeleton className="h-40 w-full" />
            </div>
          )}
        </SheetBody>
      </SheetContent>
    </Sheet>
  );
}
