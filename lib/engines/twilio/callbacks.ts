import type { CallPatch } from "@/lib/calls/normalized";

// Twilio's status and recording callbacks (docs/twilio.md, "Callbacks") → a patch of the call.
// Each knows only part of the call and may arrive twice or out of order; the ingest merges them
// (status only forward). Pure.

/** Twilio's CallStatus → the one status list (lib/calls/status.ts); the names mostly agree. */
export const TWILIO_STATUS: Record<string, string> = {
  queued: "queued", initiated: "initiated", ringing: "ringing", "in-progress": "in-progress",
  completed: "completed", busy: "busy", "no-answer": "no-answer", failed: "failed", canceled: "canceled",
};

const num = (v: string | null): number | undefined => {
  const n = v === null || v.trim() === "" ? NaN : Number(v);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};
const iso = (rfc2822: string | null): string | undefined => {
  const t = rfc2822 ? Date.parse(rfc2822) : NaN;
  return Number.isNaN(t) ? undefined : new Date(t).toISOString();
};

export interface ReadCallback {
  patch: CallPatch;
  /** Twilio's URL of the recording (needs the account's credentials), when this callback names one. */
  recordingUrl?: string;
}

/** undefined: not a callback of a call (no CallSid), or a status we do not know. */
export function readCallback(form: URLSearchParams): ReadCallback | undefined {
  const sid = form.get("CallSid");
  if (!sid) return undefined;
  const at = iso(form.get("Timestamp"));
  const recordingUrl = form.get("RecordingUrl") || undefined;
  if (form.has("RecordingStatus")) {
    // The recording callback: the file is ready once its status is "completed".
    if (form.get("RecordingStatus") !== "completed" || !recordingUrl) return { patch: { call_sid: sid, patch: true } };
    return { patch: { call_sid: sid, patch: true, ...(at ? { updated_at: at } : {}) }, recordingUrl };
  }
  const status = TWILIO_STATUS[form.get("CallStatus") ?? ""];
  if (!status) return undefined;
  const final = ["completed", "busy", "no-answer", "failed", "canceled"].includes(status);
  const patch: CallPatch = {
    call_sid: sid, patch: true, status,
    ...(at ? { updated_at: at } : {}),
    ...(form.get("Direction")?.startsWith("inbound") ? { call_type: "inbound" } : {}),
  };
  const duration = num(form.get("CallDuration"));
  if (final && duration !== undefined) patch.duration = duration;
  return { patch, recordingUrl };
}
