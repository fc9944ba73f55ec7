"use client";

import * as React from "react";
import { getCountries, getCountryCallingCode, type CountryCode } from "libphonenumber-js/max";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

const NONE = "none";

type Country = { code: string; label: string };

let cached: Country[] | null = null;
/** Every country libphonenumber-js knows, named in English, sorted by name. */
function countries(): Country[] {
  if (cached) return cached;
  const names = new Intl.DisplayNames(["en"], { type: "region" });
  cached = getCountries()
    .map((code) => ({ code, label: `${names.of(code) ?? code} (+${getCountryCallingCode(code as CountryCode)})` }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return cached;
}

/** The browser's region (`en-US` → US) when it is a country libphonenumber-js knows; else null. */
export function browserCountry(): string | null {
  if (typeof navigator === "undefined") return null;
  for (const tag of navigator.languages ?? [navigator.language]) {
    try {
      const region = new Intl.Locale(tag).maximize().region;
      if (region && countries().some((c) => c.code === region)) return region;
    } catch {
      // Malformed language tag: try the next one.
    }
  }
  return null;
}

export type CountrySelectProps = Omit<React.ComponentProps<typeof SelectTrigger>, "value" | "onChange"> & {
  value: string | null;
  onChange: (value: string | null) => void;
};

/** ISO alpha-2 country picker with a "None" choice; type a country's first letters to jump to it. */
export function CountrySelect({ value, onChange, ...trigger }: CountrySelectProps) {
  return (
    <Select value={value ?? NONE} onValueChange={(v) => onChange(v === NONE ? null : v)}>
      <SelectTrigger {...trigger}>
        <SelectValue placeholder="Choose a country" />
      </SelectTrigger>
      <SelectContent className="max-h-72">
        <SelectItem value={NONE}>None: every number has +country code</SelectItem>
        {countries().map((c) => (
          <SelectItem key={c.code} value={c.code}>
            {c.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
