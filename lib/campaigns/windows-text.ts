import type { CampaignSettings } from "@/lib/campaigns/schema";
import { DAYS, isAllDay } from "@/lib/campaigns/windows";
import { canonicalZone } from "@/lib/places/time-zones";

const DAY_SHORT: Record<(typeof DAYS)[number], string> = { mon: "Mon", tue: "Tue", wed: "Wed", thu: "Thu", fri: "Fri", sat: "Sat", sun: "Sun" };

/**
 * When a campaign may ring, in words: "any day, any time" when its windows never close (then no zone
 * is named: none applies), else "Mon–Fri 09:00–18:00 in Europe/Berlin" (or "…in each recipient's zone
 * where their country has one, else Europe/Berlin").
 */
export function windowsText(s: CampaignSettings["schedule"]): string {
  if (isAllDay(s.windows)) return "any day, any time";
  const spans = s.windows.map((w) => {
    const idx = DAYS.filter((d) => w.days.includes(d)).map((d) => DAYS.indexOf(d));
    const run = idx.length > 2 && idx[idx.length - 1] - idx[0] === idx.length - 1;
    const days = run ? `${DAY_SHORT[DAYS[idx[0]]]}–${DAY_SHORT[DAYS[idx[idx.length - 1]]]}` : idx.map((i) => DAY_SHORT[DAYS[i]]).join(", ");
    return `${days} ${w.start}–${w.end}`;
  });
  // Old names (Asia/Calcutta) are shown under their current one, as the zone pickers show them.
  const campaignZone = canonicalZone(s.time_zone);
  const zone = s.recipient_time_zone ? `each recipient's zone where their country has one, else ${campaignZone}` : campaignZone;
  return `${spans.join("; ")} in ${zone}`;
}
