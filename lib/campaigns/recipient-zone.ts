import { getTimezone, getTimezonesForCountry } from "countries-and-timezones";
import parsePhoneNumber from "libphonenumber-js/max";
import { nanpZones } from "@/lib/places/nanp-zones";

// Number → zone. libphonenumber-js tells the number's region (ISO country); countries-and-timezones
// (tzdata's zone.tab) lists that country's IANA zones. A +1 number is placed by its area code (Google's
// prefix → zone data, lib/places/nanp-zones.ts), since the US and Canada span six zones. A number gets
// a zone of its own only when the answer is unambiguous: one zone, or zones that keep the same
// standard and summer offsets (DE lists Berlin and Büsingen: same clock). Otherwise (Alaska's 907 with
// Adak, ES with the Canaries, AU…) the campaign's zone applies: a guess is not safe enough to decide
// when it is legal to ring someone.

const cache = new Map<string, string | null>();

/** One zone standing for all of these when they share a clock (the first by name), else null. */
function sameClock(zones: { name: string; utcOffset: number; dstOffset: number }[]): string | null {
  if (zones.length === 0) return null;
  const first = zones[0];
  const same = zones.every((z) => z.utcOffset === first.utcOffset && z.dstOffset === first.dstOffset);
  return same ? zones.map((z) => z.name).sort()[0] : null;
}

export function regionZone(region: string): string | null {
  const hit = cache.get(region);
  if (hit !== undefined) return hit;
  const zone = sameClock(getTimezonesForCountry(region) ?? []);
  cache.set(region, zone);
  return zone;
}

function areaCodeZone(e164: string): string | null {
  const names = nanpZones(e164);
  if (!names) return null;
  const zones = names.map((n) => getTimezone(n));
  return zones.every((z) => z !== null) ? sameClock(zones) : null;
}

/** The zone to read windows in for one number: its own when unambiguous, else `fallback`. */
export function recipientZone<F extends string | null>(e164: string, fallback: F): string | F {
  const region = parsePhoneNumber(e164)?.country;
  if (region === "US" || region === "CA") return areaCodeZone(e164) ?? fallback;
  return (region && regionZone(region)) || fallback;
}
