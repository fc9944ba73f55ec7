import { countryName } from "@/lib/places/countries";

// Display helpers shared by the contacts tables (client-side only: times in the browser's zone).

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const date = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatDate = (iso: string) => date.format(new Date(iso));
export const formatCount = (n: number) => n.toLocaleString("en-US");
/** "1 contact", "2,000 contacts". */
export const plural = (n: number, word: string) => `${formatCount(n)} ${word}${n === 1 ? "" : "s"}`;

/** "United States" for US; lists without a default country show "None". */
export function listCountry(code: string | null): string {
  return code ? countryName(code) : "None";
}
