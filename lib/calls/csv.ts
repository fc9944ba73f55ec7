import { FORMULA_RE } from "@/lib/contacts/invalid-csv";

// CSV writing for the call export (RFC 4180: comma-separated, CRLF rows, fields with a comma,
// quote or line break wrapped in quotes with inner quotes doubled).

/**
 * One CSV field. Text a spreadsheet would run as a formula (CSV injection, OWASP: a leading = + - @,
 * tab or CR) gets a leading `'`, so it shows as typed. The rule is the contacts uploader's: a + or -
 * followed only by phone characters stays as written, so "+14155550101" survives a round trip
 * through `calls import` (digits and punctuation cannot call a function or reach another program).
 * Numbers are written as they are (ours are never negative).
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  let text = String(value);
  if (FORMULA_RE.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
