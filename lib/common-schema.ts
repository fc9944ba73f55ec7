import { z } from "zod";
import { getCountries, parsePhoneNumberFromString } from "libphonenumber-js/max";

// Shared by server handlers and client forms: nothing here may import Node-only modules.

const COUNTRIES = new Set<string>(getCountries());

export const CountryCode = z
  .string()
  .transform((v) => v.toUpperCase())
  .refine((v) => COUNTRIES.has(v), "must be an ISO 3166-1 alpha-2 country code, e.g. US");

export function isIanaTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return tz.includes("/") || tz === "UTC" || tz === "Etc/UTC";
  } catch {
    return false;
  }
}

export const TimeZone = z.string().refine(isIanaTimeZone, "must be an IANA time zone name, e.g. Europe/Berlin");

/** A phone number written with its country code (or with `defaultCountry`), normalised to E.164. */
export function toE164(input: string, defaultCountry?: string): string | undefined {
  const parsed = parsePhoneNumberFromString(input, defaultCountry as never);
  return parsed && parsed.isValid() ? parsed.number : undefined;
}

export const PhoneNumberE164 = z.string().transform((v, ctx) => {
  const e164 = toE164(v);
  if (!e164) {
    ctx.addIssue({ code: "custom", message: "must be a valid phone number with country code, e.g. +14155550102" });
    return z.NEVER;
  }
  return e164;
});

export const Uuid = z.string().uuid("must be a UUID");
