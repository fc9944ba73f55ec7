import { getAllCountries } from "countries-and-timezones";

// Countries for the pickers and for display: always a name, never a bare code ("IO" means nothing to
// an operator). The name comes from the browser (Intl.DisplayNames, in English like the rest of the
// console); tzdata's English name and a few everyday short forms are kept as search keywords, so
// "Ivory Coast", "USA" and "UK" find their country.

const TZ_NAMES: Record<string, string> = Object.fromEntries(Object.values(getAllCountries()).map((c) => [c.id, c.name]));

const SHORT: Record<string, readonly string[]> = {
  US: ["USA", "America"],
  GB: ["UK", "Britain", "Great Britain", "England", "Scotland", "Wales"],
  AE: ["UAE", "Emirates"],
  KR: ["Korea"],
  NL: ["Holland"],
  CZ: ["Czech Republic"],
  RU: ["Russian Federation"],
  CD: ["DRC", "Congo-Kinshasa"],
  CG: ["Congo-Brazzaville"],
};

let names: Intl.DisplayNames | null | undefined;

/** "India" for IN; the code itself only when no name is known for it; "" for none. */
export function countryName(code: string | null | undefined): string {
  if (!code) return "";
  const upper = code.toUpperCase();
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames(["en"], { type: "region" });
    } catch {
      names = null;
    }
  }
  const shown = names?.of(upper);
  return (shown && shown !== upper ? shown : TZ_NAMES[upper]) ?? upper;
}

export type CountryEntry = { code: string; name: string; keywords: string[] };

/** One entry per code, named and sorted by name; keywords: the code, tzdata's name, short forms. */
export function countryEntries(codes: readonly string[]): CountryEntry[] {
  return codes
    .map((code) => {
      const name = countryName(code);
      const tz = TZ_NAMES[code];
      return { code, name, keywords: [code, ...(tz && tz !== name ? [tz] : []), ...(SHORT[code] ?? [])] };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}
