"use client";

import * as React from "react";
import { getCountries } from "libphonenumber-js/max";
import { Combobox, type ComboboxOption } from "@/components/ui/combobox";
import { countryOptions } from "@/components/ui/place-options";

const NONE = "none";

let cached: ComboboxOption[] | null = null;
/** "None" first, then every country libphonenumber-js knows, as "United States (+1)", sorted by name. */
function options(): ComboboxOption[] {
  cached ??= [
    { value: NONE, label: "None: every number has +country code", keywords: ["none", "no default"] },
    ...countryOptions().map((c) => ({ value: c.value, label: `${c.label} (${c.hint})`, keywords: c.keywords })),
  ];
  return cached;
}

/** The browser's region (`en-US` → US) when it is a country libphonenumber-js knows; else null. */
export function browserCountry(): string | null {
  if (typeof navigator === "undefined") return null;
  const known = new Set<string>(getCountries());
  for (const tag of navigator.languages ?? [navigator.language]) {
    try {
      const region = new Intl.Locale(tag).maximize().region;
      if (region && known.has(region)) return region;
    } catch {
      // Malformed language tag: try the next one.
    }
  }
  return null;
}

export type CountrySelectProps = Omit<React.ComponentProps<"button">, "value" | "onChange" | "children"> & {
  value: string | null;
  onChange: (value: string | null) => void;
};

/** ISO alpha-2 country picker with a "None" choice; search by name, code or calling code. */
export function CountrySelect({ value, onChange, ...trigger }: CountrySelectProps) {
  return (
    <Combobox
      {...trigger}
      options={options}
      value={value ?? NONE}
      onValueChange={(v) => onChange(!v || v === NONE ? null : v)}
      placeholder="Choose a country"
      searchLabel="Search countries"
      emptyText="No country matches"
    />
  );
}
