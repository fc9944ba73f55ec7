import type { CallPatch, NormalizedCall } from "@/lib/calls/normalized";

/**
 * A vendor's whole call object, read as a report of what it knows. Vapi and Retell send the call
 * several times (started, ended, analysed; a sync pulls it again) in any order and sometimes twice,
 * each copy knowing more or less: as a patch, a copy that lacks the analysis or the transcript
 * leaves the stored ones alone, and the status only moves forward (lib/calls/merge.ts). An empty
 * text or a zero duration or cost is "not known yet", never a value that replaces one.
 */
export function reportAsPatch(call: NormalizedCall): CallPatch {
  const { extra, ...fields } = call;
  // status_rank is the ingest's to compute from the status; a patch carries none.
  const known = Object.fromEntries(Object.entries(fields).filter(([k, v]) => k !== "status_rank" && v !== "" && !(v === 0 && (k === "duration" || k === "cost"))));
  return { ...known, call_sid: call.call_sid, extra, patch: true };
}
