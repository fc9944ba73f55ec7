import { recipientZone } from "./recipient-zone";
import { nextDispatchAt } from "./schedule";
import { localTime, type CallingWindow } from "./windows";
import { missingVariables } from "./variables";
import type { CampaignPreview } from "./schema";

// The dry run and the snapshot taken at start share this: what happens to each contact of the list.
// Pure (the caller passes `now`), so the preview shows exactly what start will do.

export interface PlanSettings {
  windows: readonly CallingWindow[];
  /** The campaign's zone; a number's own zone replaces it when recipient_time_zone is on. */
  zone: string;
  recipient_time_zone: boolean;
  start_at: Date | null;
  required: readonly string[];
  on_missing_variables: "skip" | "call";
}

export type SkipReason = "suppressed" | "invalid" | "missing_variables";

export interface ContactPlan {
  zone: string;
  /** "number": the number's own region has one clock; "campaign": the campaign's zone applies (option off, or a country with several zones, like +1). */
  zone_source: "number" | "campaign";
  missing: string[];
  skip: SkipReason | null;
  /** Earliest dial instant for a contact that will be called (null when skipped or no window ever opens). */
  first_attempt_at: Date | null;
}

const E164 = /^\+[1-9]\d{6,14}$/;

export function planner(s: PlanSettings, now: Date) {
  // Every contact of a zone gets the same first instant: compute it once per zone.
  const firstByZone = new Map<string, Date | null>();
  const firstIn = (zone: string) => {
    if (!firstByZone.has(zone)) firstByZone.set(zone, nextDispatchAt({ now, start_at: s.start_at, next_attempt_at: null, windows: s.windows, zone }));
    return firstByZone.get(zone)!;
  };
  return (c: { e164: string; variables: Record<string, unknown>; suppressed: boolean }): ContactPlan => {
    const valid = E164.test(c.e164);
    const own = valid && s.recipient_time_zone ? recipientZone(c.e164, null) : null;
    const zone = own ?? s.zone;
    const missing = missingVariables(s.required, c.variables);
    let skip: SkipReason | null = null;
    if (!valid) skip = "invalid";
    else if (c.suppressed) skip = "suppressed";
    else if (missing.length && s.on_missing_variables === "skip") skip = "missing_variables";
    return { zone, zone_source: own ? "number" : "campaign", missing, skip, first_attempt_at: skip ? null : firstIn(zone) };
  };
}

/** The skipped contacts the dry run lists by name: the first ones in list order (the counts cover all). */
export const SKIPPED_LIST_CAP = 100;

export type PreviewTally = CampaignPreview;

/** Accumulates plans into the dry run's answer; `sample` keeps the first ten contacts that will be called. */
export function previewTally(now: Date) {
  const t: PreviewTally = {
    total: 0, will_call: 0, skipped: { suppressed: 0, invalid: 0, missing_variables: 0 }, missing_variables: {}, first_dispatch_at: null, sample: [],
    skipped_contacts: [], skipped_contacts_cap: SKIPPED_LIST_CAP,
  };
  let first: number | null = null;
  return {
    add(c: { contact_id: string; e164: string }, p: ContactPlan) {
      t.total++;
      for (const name of p.missing) t.missing_variables[name] = (t.missing_variables[name] ?? 0) + 1;
      if (p.skip) {
        t.skipped[p.skip]++;
        if (t.skipped_contacts.length < SKIPPED_LIST_CAP) {
          // The variables a skipped contact lacks are named only when they are why it is skipped.
          t.skipped_contacts.push({ contact_id: c.contact_id, phone_number: c.e164, reason: p.skip, missing: p.skip === "missing_variables" ? p.missing : [] });
        }
        return;
      }
      t.will_call++;
      const at = p.first_attempt_at?.getTime() ?? null;
      if (at !== null && (first === null || at < first)) first = at;
      if (t.sample.length < 10) {
        t.sample.push({ phone_number: c.e164, local_time: localTime(now, p.zone).text, zone: p.zone, zone_source: p.zone_source, first_attempt_at: p.first_attempt_at?.toISOString() ?? null });
      }
    },
    result(): PreviewTally {
      return { ...t, first_dispatch_at: first === null ? null : new Date(first).toISOString() };
    },
  };
}
