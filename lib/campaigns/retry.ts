// Retry decisions: what a contact's state becomes after an attempt ends with a given status.

import { endReasonOf, type CallEndReason, type CallStatus } from "@/lib/calls/status";

// Named as the engine names these statuses (its own retry_config takes the same words).
export const RETRYABLE = ["no-answer", "busy", "failed"] as const satisfies readonly CallStatus[];
export type RetryableStatus = (typeof RETRYABLE)[number];

export interface RetryPolicy {
  max_attempts: number;
  delay_seconds: number;
  on: RetryableStatus[];
}

/** Final contact states, named as the API counts them (the end reasons of lib/calls/status.ts). */
export type FinalState = CallEndReason;

/** Execution status → the contact state it ends an attempt in; null if not final. */
export const finalStateOf = endReasonOf;

export type AttemptOutcome =
  | { kind: "retry"; next_attempt_at: Date }
  | { kind: "final"; state: FinalState };

/** The retry.on name an ended attempt falls under; completed and canceled are never retried. */
function retryClass(state: FinalState): RetryableStatus | null {
  if (state === "no_answer") return "no-answer";
  if (state === "busy") return "busy";
  if (state === "failed") return "failed";
  return null;
}

/**
 * After attempt number `attempts` ended with `status` at `endedAt`: retry when the status's class
 * is listed in `retry.on` and attempts remain, after delay_seconds; otherwise the contact ends in
 * the state the status maps to. An unknown status counts as "failed" so a contact never stays stuck.
 */
export function decideAfterAttempt(policy: RetryPolicy, attempts: number, status: string, endedAt: Date): AttemptOutcome {
  const state = finalStateOf(status) ?? "failed";
  const cls = retryClass(state);
  if (cls && policy.on.includes(cls) && attempts < policy.max_attempts) {
    return { kind: "retry", next_attempt_at: new Date(endedAt.getTime() + policy.delay_seconds * 1000) };
  }
  return { kind: "final", state };
}
