"use client";

import { getCountries, getCountryCallingCode, type CountryCode } from "libphonenumber-js/max";
import type { ComboboxOption } from "@/components/ui/combobox";
import { isIanaTimeZone } from "@/lib/common-schema";
import { countryEntries } from "@/lib/places/countries";
import { offsetKeywords, utcOffset, zoneEntries } from "@/lib/places/time-zones";

// Options for the time zone and country pickers, built once per page on first use. The rules
// (which names, how they rank) are in lib/places; this only turns them into Combobox options.

let zones: ComboboxOption[] | undefined;

/** Every zone the browser knows, under its current IANA name, with its UTC offset now. */
export function timeZoneOptions(): ComboboxOption[] {
  if (zones) return zones;
  const ids = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const now = new Date();
  zones = zoneEntries(ids)
    // A current name newer than this browser's tz data (rare) is left out rather than refused on save.
    .filter((e) => isIanaTimeZone(e.zone))
    .map((e) => {
      const offset = utcOffset(e.zone, now);
      return {
        value: e.zone,
        label: e.zone.replaceAll("_", " "),
        hint: offset,
        keywords: [...e.legacy, ...e.cities, ...e.countries, ...offsetKeywords(offset)],
      };
    });
  return zones;
}

let countries: ComboboxOption[] | undefined;

/** The countries libphonenumber-js knows (the server validates against the same list), by name, with their calling code. */
export function countryOptions(): ComboboxOption[] {
  if (countries) return countries;
  countries = countryEntries(getCountries()).map((c) => {
    const dial = `+${getCountryCallingCode(c.code as CountryCode)}`;
    return { value: c.code, label: c.name, hint: dial, keywords: [...c.keywords, dial] };
  });
  return countries;
}
