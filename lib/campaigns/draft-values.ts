import type { Campaign, CampaignCreateInput } from "@/lib/campaigns/schema";
import { isAllDay } from "@/lib/campaigns/windows";

/**
 * A draft's saved settings as the wizard's values (the create body), so "Edit draft" opens the same
 * steps filled in. All-day windows are "no windows" in the wizard, as when the draft was created;
 * sent back unchanged, these values save the same draft (app/api/campaigns/campaign-edit.test.ts).
 */
export function draftValues(c: Campaign): CampaignCreateInput {
  const s = c.schedule;
  return {
    name: c.name, agent_id: c.agent_id, list_id: c.list_id, engine_id: c.engine_id, from_number: c.from_number ?? "",
    schedule: { start_at: s.start_at ?? undefined, time_zone: s.time_zone, recipient_time_zone: s.recipient_time_zone, windows: isAllDay(s.windows) ? undefined : s.windows },
    max_concurrency: c.max_concurrency, retry: { ...c.retry, on: [...c.retry.on] }, on_missing_variables: c.on_missing_variables, stale_after_minutes: c.stale_after_minutes,
  };
}
