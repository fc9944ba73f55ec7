import { z } from "zod";
import { DAYS, MIN_WINDOW_MINUTES, minutesOf } from "@/lib/campaigns/windows";
import { RETRYABLE } from "@/lib/campaigns/retry";
import { CAMPAIGN_DEFAULTS, DEFAULT_RETRY } from "@/lib/campaigns/defaults";
import { PageQuery } from "@/lib/core/page-query";
import { TimeZone, Uuid } from "@/lib/common-schema";

// Campaigns: one schema per resource, shared by the console's wizard (react-hook-form)
// and the route handlers. Response shapes are written as TypeScript types: the handlers build
// them and the console reads them, so both sides break together when one changes.

const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'must be "HH:MM" (00:00–24:00)');

export const CallingWindowSchema = z
  .object({
    days: z.array(z.enum(DAYS)).min(1, "pick at least one day"),
    start: HHMM,
    end: HHMM,
  })
  .strict()
  .refine((w) => w.start !== w.end, { message: "start and end must differ", path: ["end"] })
  // Windows shorter than a quarter of an hour are refused: the next-window search steps by 15 minutes.
  .refine((w) => !/^\d\d:\d\d$/.test(w.start) || !/^\d\d:\d\d$/.test(w.end) || w.end === "24:00"
    || (minutesOf(w.end) - minutesOf(w.start) + 1440) % 1440 >= MIN_WINDOW_MINUTES, {
    message: `a window must last at least ${MIN_WINDOW_MINUTES} minutes`, path: ["end"],
  });

export const ScheduleSchema = z
  .object({
    start_at: z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time with a zone, e.g. 2026-12-01T09:00:00Z" }).optional(),
    time_zone: TimeZone.optional(),
    recipient_time_zone: z.boolean().optional(),
    windows: z.array(CallingWindowSchema).min(1, "give at least one window, or leave windows out").max(28).optional(),
  })
  .strict();

export const RetrySchema = z
  .object({
    max_attempts: z.number().int("must be a whole number").min(1, "at least 1").max(5, "at most 5").default(DEFAULT_RETRY.max_attempts),
    delay_seconds: z.number().int("must be a whole number").min(0, "at least 0").max(86_400, "at most 86400").default(DEFAULT_RETRY.delay_seconds),
    on: z.array(z.enum(RETRYABLE)).default(() => [...DEFAULT_RETRY.on]),
  })
  .strict();

const campaignFields = {
  name: z.string().trim().min(1, "give the campaign a name").max(200, "at most 200 characters"),
  agent_id: Uuid,
  list_id: Uuid,
  engine_id: Uuid.optional(),
  from_number: z.string().trim().max(32, "at most 32 characters").optional(),
  schedule: ScheduleSchema.optional(),
  max_concurrency: z.number().int("must be a whole number").min(1, "at least 1").max(100, "at most 100").default(CAMPAIGN_DEFAULTS.max_concurrency),
  retry: RetrySchema.optional(),
  on_missing_variables: z.enum(["skip", "call"]).default(CAMPAIGN_DEFAULTS.on_missing_variables),
  /** Minutes without news after which an in-flight call frees its slot. */
  stale_after_minutes: z.number().int("must be a whole number").min(1, "at least 1").max(1440, "at most 1440").default(CAMPAIGN_DEFAULTS.stale_after_minutes),
};

/** `POST /api/campaigns` body. */
export const CampaignCreate = z.object(campaignFields).strict();
export type CampaignCreate = z.output<typeof CampaignCreate>;
export type CampaignCreateInput = z.input<typeof CampaignCreate>;

/** `PATCH /api/campaigns/{id}` body: any field of the create body; allowed while draft only (409 otherwise). */
export const CampaignUpdate = z
  .object({
    name: campaignFields.name.optional(),
    agent_id: Uuid.optional(),
    list_id: Uuid.optional(),
    engine_id: Uuid.optional(),
    from_number: campaignFields.from_number,
    schedule: ScheduleSchema.optional(),
    max_concurrency: z.number().int().min(1, "at least 1").max(100, "at most 100").optional(),
    retry: RetrySchema.optional(),
    on_missing_variables: z.enum(["skip", "call"]).optional(),
    stale_after_minutes: z.number().int().min(1).max(1440).optional(),
  })
  .strict();
export type CampaignUpdate = z.output<typeof CampaignUpdate>;

export const CampaignParams = z.object({ campaign_id: Uuid });

export const CAMPAIGN_STATUSES = ["draft", "scheduled", "running", "paused", "completed", "canceled"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Per-contact states, as `GET /api/campaigns/{id}` counts them. */
export const CONTACT_STATES = [
  "pending", "dialing", "in_progress", "completed", "no_answer", "busy", "failed", "skipped", "canceled",
] as const;
export type ContactState = (typeof CONTACT_STATES)[number];

export const CampaignListQuery = PageQuery.extend({ status: z.enum(CAMPAIGN_STATUSES).optional() }).strict();
export const CampaignContactsQuery = PageQuery.extend({ status: z.enum(CONTACT_STATES).optional() }).strict();

/**
 * A campaign row's `settings` column (JSON), as the service resolved it from a create or update body:
 * every default filled, start_at in UTC. Read only through campaignSettings().
 */
export const CampaignSettings = z.object({
  schedule: z.object({
    start_at: z.iso.datetime().nullable(),
    // Not TimeZone: a zone taken from the agent's own config was stored as it was.
    time_zone: z.string().min(1),
    recipient_time_zone: z.boolean(),
    windows: z.array(CallingWindowSchema).min(1),
  }),
  retry: RetrySchema,
  on_missing_variables: z.enum(["skip", "call"]),
});
export type CampaignSettings = z.output<typeof CampaignSettings>;

/** A stored campaign's settings; a row that does not match is a bug or a damaged database, named with the campaign. */
export function campaignSettings(settings: string, campaignId: string): CampaignSettings {
  const parsed = CampaignSettings.safeParse(JSON.parse(settings));
  if (!parsed.success) throw new Error(`campaign ${campaignId}: stored settings do not match their schema: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export interface Campaign {
  campaign_id: string;
  name: string;
  status: CampaignStatus;
  agent_id: string;
  list_id: string;
  engine_id: string;
  from_number: string | null;
  schedule: CampaignSettings["schedule"];
  max_concurrency: number;
  retry: z.output<typeof RetrySchema>;
  on_missing_variables: "skip" | "call";
  stale_after_minutes: number;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** `GET /api/campaigns/{id}` (and each item of the list): the campaign plus live figures. */
export interface CampaignWithStats extends Campaign {
  counts: Record<ContactState, number>;
  total: number;
  attempts: number;
  /** USD, summed over the campaign's calls. */
  cost: number;
  /** completed / finished attempts, 0–1; null before any attempt finished. */
  answer_rate: number | null;
  in_flight: number;
}

/** `GET /api/campaigns/{id}/preview`: the dry run, nothing dialled. */
export interface CampaignPreview {
  total: number;
  will_call: number;
  skipped: { suppressed: number; invalid: number; missing_variables: number };
  missing_variables: Record<string, number>;
  first_dispatch_at: string | null;
  /**
   * The first ten contacts to be called. local_time is the wall clock now in `zone`, the zone their
   * windows are read in: the number's own (zone_source "number") or the campaign's ("campaign": the
   * option is off, or the number's country has several zones, like +1).
   */
  sample: { phone_number: string; local_time: string; zone: string; zone_source: "number" | "campaign"; first_attempt_at: string | null }[];
  /** Skipped contacts by name, the first `skipped_contacts_cap` in list order; `skipped` counts them all. */
  skipped_contacts: { contact_id: string; phone_number: string; reason: "suppressed" | "invalid" | "missing_variables"; missing: string[] }[];
  skipped_contacts_cap: number;
}

/** One row of `GET /api/campaigns/{id}/contacts`. */
export interface CampaignContact {
  contact_id: string;
  phone_number: string;
  state: ContactState;
  attempts: number;
  last_call_sid: string | null;
  last_status: string | null;
  next_attempt_at: string | null;
  skip_reason: string | null;
  updated_at: string;
}
