import { getTimezonesForCountry } from "countries-and-timezones";
import parsePhoneNumber from "libphonenumber-js/max";

// Region → zone. libphonenumber-js tells the number's region (ISO country); countries-and-timezones
// (tzdata's zone.tab) lists that country's IANA zones. A number gets a zone of its own only when
// the answer is unambiguous: the country has one zone, or all its zones keep the same standard and
// summer offsets (DE lists Berlin and Zurich/Büsingen: same clock). Otherwise (US, ES with the
// Canaries, AU…) the campaign's zone applies: guessing a zone by area code is not safe enough to
// decide when it is legal to ring someone.

const cache = new Map<string, string | null>();

export function regionZone(region: string): string | null {
  const hit = cache.get(region);
  if (hit !== undefined) return hit;
  const zones = getTimezonesForCountry(region) ?? [];
  let zone: string | null = null;
  if (zones.length > 0) {
    const first = zones[0];
    const same = zones.every((z) => z.utcOffset === first.utcOffset && z.dstOffset === first.dstOffset);
    if (same) zone = [...zones].map((z) => z.name).sort()[0];
  }
  cache.set(region, zone);
  return zone;
}

/** The zone to read windows in for one number: its region's when unambiguous, else `fallback`. */
export function recipientZone<F extends string | null>(e164: string, fallback: F): string | F {
  const region = parsePhoneNumber(e164)?.country;
  return (region && regionZone(region)) || fallback;
}
