import { z } from "zod";

// The call statuses, in one place: their display order, how far each gets a call, which end it and
// how, and how a person reads them. The schema, the filters, the badges and charts, webhook ingest,
// campaign retries and campaign figures all read this file. Pure: the console imports it too.

/**
 * Every status a call can carry, in display order (a call's life from booked to ended). Bolna's
 * names (docs/bolna.md, "Executions and the webhook") plus `in_progress` and `rejected`, the older names that
 * imported calls (CLI import, seed, demo data) carry. Every engine's adapter maps its own statuses onto
 * these (lib/engines/<provider>/).
 */
export const CALL_STATUSES = [
  "scheduled", "queued", "rescheduled", "initiated", "ringing", "in-progress", "in_progress", "call-disconnected",
  "completed", "no-answer", "busy", "rejected", "canceled", "stopped", "failed", "error", "balance-low",
] as const;
export const CallStatus = z.enum(CALL_STATUSES);
export type CallStatus = z.infer<typeof CallStatus>;

/** How an ended call ended, named as campaigns count their contacts. */
export const CALL_END_REASONS = ["completed", "no_answer", "busy", "failed", "canceled"] as const;
export const CallEndReason = z.enum(CALL_END_REASONS);
export type CallEndReason = z.infer<typeof CallEndReason>;

/** Rank of every final status: nothing overwrites it but a newer final status. */
const FINAL_RANK = 6;
/** What an unknown status ranks as: with the in-flight ones, so it is stored but never over a final one. */
const UNKNOWN_RANK = 4;

interface StatusFacts {
  /** What a person reads on a badge, in a filter, in a chart legend. */
  label: string;
  /** In-flight statuses only: how far the call got (final statuses all rank FINAL_RANK). */
  rank?: number;
  /** Final statuses only: the end reason the call counts as. */
  ends?: CallEndReason;
  /** An older name only imported calls carry. */
  legacy?: true;
}

const FACTS = {
  scheduled: { label: "Scheduled", rank: 1 },
  queued: { label: "Queued", rank: 1 },
  rescheduled: { label: "Rescheduled", rank: 1 },
  initiated: { label: "Initiated", rank: 2 },
  ringing: { label: "Ringing", rank: 3 },
  "in-progress": { label: "In progress", rank: 4 },
  in_progress: { label: "In progress", rank: 4, legacy: true },
  // The engine hung up but has not yet sent cost, recording and extraction: still in flight.
  "call-disconnected": { label: "Disconnected", rank: 5 },
  completed: { label: "Completed", ends: "completed" },
  "no-answer": { label: "No answer", ends: "no_answer" },
  busy: { label: "Busy", ends: "busy" },
  // The import format's word for "busy or no answer"; no engine sends it.
  rejected: { label: "Rejected", ends: "no_answer", legacy: true },
  canceled: { label: "Canceled", ends: "canceled" },
  // The call was stopped before it was placed, or the engine gave up: the contact was not reached.
  stopped: { label: "Stopped", ends: "failed" },
  failed: { label: "Failed", ends: "failed" },
  error: { label: "Error", ends: "failed" },
  "balance-low": { label: "Balance low", ends: "failed" },
} as const satisfies Record<CallStatus, StatusFacts>;

export function isCallStatus(value: string): value is CallStatus {
  return Object.hasOwn(FACTS, value);
}

const facts = (status: string): StatusFacts | undefined => (isCallStatus(status) ? FACTS[status] : undefined);

/** The statuses after which nothing more happens to a call. */
export const FINAL_CALL_STATUSES: readonly CallStatus[] = CALL_STATUSES.filter((s) => "ends" in FACTS[s]);

export const isFinalStatus = (status: string): boolean => facts(status)?.ends !== undefined;

/**
 * How far a call got. A delivery ranked below what is stored never overwrites it, so a late
 * "ringing" after "completed" changes nothing; within a rank, the newer updated_at wins.
 */
export function statusRank(status: string): number {
  const f = facts(status);
  if (!f) return UNKNOWN_RANK;
  return f.ends ? FINAL_RANK : (f.rank ?? UNKNOWN_RANK);
}

/** A status → how the call ended; null while it is in flight (or the status is unknown). */
export const endReasonOf = (status: string): CallEndReason | null => facts(status)?.ends ?? null;

/** A readable label for any status; an unknown one is shown as sent, tidied ("voice_mail" → "Voice mail"). */
export function statusLabel(status: string): string {
  return facts(status)?.label ?? status.replace(/[_-]+/g, " ").replace(/^\w/, (c) => c.toUpperCase());
}

/** For a list where both spellings of a status sit side by side: the older one says it is imported. */
export function statusOptionLabel(status: CallStatus): string {
  const f: StatusFacts = FACTS[status];
  return f.legacy ? `${f.label} (imported)` : f.label;
}
