import { countryName } from "@/lib/places/countries";

// Display helpers shared by the contacts tables (client-side only: times in the browser's zone).

export { formatDate, formatDateTime } from "@/lib/format/date-time";
export const formatCount = (n: number) => n.toLocaleString("en-US");
/** "1 contact", "2,000 contacts". */
export { plural } from "@/lib/format/plural";

/** "United States" for US; lists without a default country show "None". */
export function listCountry(code: string | null): string {
  return code ? countryName(code) : "None";
}
