import { z } from "zod";

// How a call ended, on one short list: every engine's adapter maps its own end reasons onto it
// (Vapi's several hundred `endedReason` values, Retell's `disconnection_reason`, Bolna's hangup
// details) and keeps the vendor's raw value beside it (CallExtras.hangup_reason). The status says
// whether the call got anywhere; the ending says who or what ended it. Pure: the console imports it.

/** Every ending, in the order a person reads them: the call was had, it never was, it broke. */
export const CALL_ENDINGS = [
  "customer_hangup", "agent_hangup", "no_answer", "busy", "voicemail", "transferred", "timed_out", "failed", "error",
] as const;
export const CallEnding = z.enum(CALL_ENDINGS);
export type CallEnding = z.infer<typeof CallEnding>;

/** What a person reads for each ending (a badge, a filter, a chart legend). */
export const CALL_ENDING_LABELS = {
  customer_hangup: "Customer hung up",
  agent_hangup: "Agent hung up",
  no_answer: "No answer",
  busy: "Busy",
  voicemail: "Voicemail",
  transferred: "Transferred",
  timed_out: "Timed out",
  failed: "Failed",
  error: "Error",
} as const satisfies Record<CallEnding, string>;

export const isCallEnding = (value: string): value is CallEnding => Object.hasOwn(CALL_ENDING_LABELS, value);

export const endingLabel = (ending: CallEnding): string => CALL_ENDING_LABELS[ending];

/** The status of a call its engine says is over, by how it ended: not reached or broken, else completed. */
export function endedStatus(ending: CallEnding | null): "completed" | "no-answer" | "busy" | "failed" | "error" {
  switch (ending) {
    case "no_answer": return "no-answer";
    case "busy": case "failed": case "error": return ending;
    // Hung up by either side, voicemail, transferred, timed out, or a reason not on the list: the call was had.
    default: return "completed";
  }
}

/** Who hung up, in the words the push records (CallExtras.hangup_by); null when neither side did. */
export const hangupByOf = (ending: CallEnding | null): "Caller" | "Assistant" | null =>
  ending === "customer_hangup" ? "Caller" : ending === "agent_hangup" ? "Assistant" : null;
