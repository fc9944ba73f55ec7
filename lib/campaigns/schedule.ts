import { nextWindowStart, type CallingWindow } from "./windows";

// When a contact may be dialled next: not before the campaign's start_at, not before its own
// next_attempt_at (retry delay), and only inside a window read in its zone.

export interface DispatchTimeInput {
  now: Date;
  start_at: Date | null;
  next_attempt_at: Date | null;
  windows: readonly CallingWindow[];
  zone: string;
}

/** The earliest allowed dial instant (≥ now), or null when the windows never open. */
export function nextDispatchAt(input: DispatchTimeInput): Date | null {
  let t = input.now.getTime();
  if (input.start_at) t = Math.max(t, input.start_at.getTime());
  if (input.next_attempt_at) t = Math.max(t, input.next_attempt_at.getTime());
  return nextWindowStart(input.windows, input.zone, new Date(t));
}

/** True when the contact may be dialled at `now`. */
export function dispatchableNow(input: DispatchTimeInput): boolean {
  const at = nextDispatchAt(input);
  return at !== null && at.getTime() <= input.now.getTime();
}
