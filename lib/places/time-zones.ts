import { getAllCountries, getAllTimezones, type Timezone } from "countries-and-timezones";

// Time zones for the pickers. Browsers list ICU/CLDR ids, which keep old spellings: Chromium offers
// "Asia/Calcutta", not "Asia/Kolkata" (likewise Kiev, Saigon, Rangoon, Katmandu…), so a search for
// "Kolkata" found nothing. countries-and-timezones (tzdata) knows which names are links to which
// zone. A link is a *rename* (folded into its zone, stored under the current name, still found by
// its old name) when it names no country or the same country as its zone; a link for another
// country (Europe/Stockholm → Europe/Berlin, Africa/Accra → Africa/Abidjan) is a place of its own
// and stays, as CLDR keeps it. Three old spellings CLDR still lists are links of that second kind
// and are renamed by hand.

const ZONES: Record<string, Timezone | undefined> = getAllTimezones({ deprecated: true });
const COUNTRY_NAMES: Record<string, string> = Object.fromEntries(Object.values(getAllCountries()).map((c) => [c.id, c.name]));

const SPELLINGS: Record<string, string> = {
  "Africa/Asmera": "Africa/Asmara",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};

/** Big cities whose zone is named after another city (a search for "Mumbai" finds Asia/Kolkata). */
const CITIES: Record<string, readonly string[]> = {
  "Asia/Kolkata": ["Mumbai", "Delhi", "Bangalore", "Bengaluru", "Chennai", "Hyderabad"],
  "Asia/Shanghai": ["Beijing", "Shenzhen", "Guangzhou"],
  "America/Los_Angeles": ["San Francisco", "Seattle", "Las Vegas"],
  "America/New_York": ["Washington", "Boston", "Miami", "Atlanta"],
  "America/Chicago": ["Dallas", "Houston", "Austin"],
  "America/Denver": ["Salt Lake City"],
  "America/Sao_Paulo": ["Rio de Janeiro", "Brasilia"],
  "Asia/Karachi": ["Lahore", "Islamabad"],
  "Australia/Sydney": ["Canberra"],
  "Asia/Dubai": ["Abu Dhabi"],
  "Asia/Riyadh": ["Jeddah"],
  "Europe/Zurich": ["Geneva", "Bern"],
  "Asia/Jakarta": ["Bandung", "Surabaya"],
  "Africa/Lagos": ["Abuja"],
  "Asia/Tokyo": ["Osaka", "Kyoto"],
};

const UTC = "UTC";

function isRename(name: string): boolean {
  const link = ZONES[name];
  if (!link?.aliasOf) return false;
  const zone = ZONES[resolve(name)];
  return link.countries.length === 0 || !zone || link.countries[0] === zone.countries[0];
}

function resolve(name: string): string {
  let current = name;
  for (let i = 0; i < 5; i++) {
    const next = ZONES[current]?.aliasOf;
    if (!next) break;
    current = next;
  }
  return current;
}

/**
 * The current name to store for a zone: a renamed zone's new name ("Asia/Calcutta" → "Asia/Kolkata",
 * "US/Eastern" → "America/New_York"), UTC's aliases → "UTC"; any other name unchanged.
 */
export function canonicalZone(name: string): string {
  if (SPELLINGS[name]) return SPELLINGS[name];
  const target = isRename(name) ? resolve(name) : name;
  return target === "Etc/UTC" ? UTC : target;
}

export type ZoneEntry = {
  /** The name to store. */ zone: string;
  /** Every other name it went by, for search. */ legacy: string[];
  /** Its city, and other big cities on its clock. */ cities: string[];
  /** The countries that use it, by name. */ countries: string[];
};

const legacyNames = (() => {
  const byZone = new Map<string, string[]>();
  for (const name of [...Object.keys(ZONES), ...Object.keys(SPELLINGS)]) {
    const zone = canonicalZone(name);
    if (zone !== name) byZone.set(zone, [...(byZone.get(zone) ?? []), name]);
  }
  return byZone;
})();

const cityOf = (zone: string) => zone.split("/").pop()!.replaceAll("_", " ");

/** One entry per place from a list of zone ids (the browser's `Intl.supportedValuesOf("timeZone")`), sorted. */
export function zoneEntries(ids: readonly string[]): ZoneEntry[] {
  const zones = new Set([UTC, ...ids.map(canonicalZone)]);
  return [...zones].sort((a, b) => (a === UTC ? -1 : b === UTC ? 1 : a.localeCompare(b))).map((zone) => {
    const legacy = legacyNames.get(zone) ?? [];
    const codes = ZONES[zone === UTC ? "Etc/UTC" : zone]?.countries ?? ZONES[legacy[0]]?.countries ?? [];
    return {
      zone,
      legacy,
      cities: zone === UTC ? ["Coordinated Universal Time", "GMT"] : [cityOf(zone), ...legacy.map(cityOf), ...(CITIES[zone] ?? [])],
      countries: codes.map((c) => COUNTRY_NAMES[c] ?? c),
    };
  });
}

/** "UTC+05:30", "UTC−03:00", "UTC+00:00" at `at` (so summer time shows when it applies). */
export function utcOffset(zone: string, at: Date = new Date()): string {
  let minutes: number | undefined;
  try {
    const part = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
      .formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? "";
    const m = /^GMT(?:([+\-−])(\d{1,2}):?(\d{2})?)?$/.exec(part);
    if (m) minutes = m[1] ? (m[1] === "+" ? 1 : -1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) : 0;
  } catch {
    // Unknown to this browser's ICU: fall back to tzdata's standard offset below.
  }
  minutes ??= ZONES[resolve(zone)]?.utcOffset ?? 0;
  const abs = Math.abs(minutes);
  return `UTC${minutes < 0 ? "−" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/** Search words for an entry's offset: "UTC+05:30", "+05:30", "+5:30" (and "-" for "−"). */
export function offsetKeywords(offset: string): string[] {
  const ascii = offset.replace("−", "-");
  const bare = ascii.slice(3);
  return [...new Set([offset, ascii, bare, bare.replace(/^([+-])0/, "$1"), `GMT${bare}`])];
}
