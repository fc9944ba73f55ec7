import { FORMULA_RE } from "@/lib/contacts/invalid-csv";

// CSV writing for every download (call export, campaign report, audit export; lib/http/csv-download.ts):
// RFC 4180, comma-separated, CRLF rows, fields with a comma, semicolon, quote, tab or line break
// wrapped in quotes with inner quotes doubled.

// Where a spreadsheet may start a new cell or row while reading this file: our own separator, the
// `;` that Excel and LibreOffice use in many locales, tab, and line breaks. A reader that splits on
// `;` does not see our quotes as opening a field (they sit mid-field for it), so what follows a `;`
// inside a quoted cell is a cell start for it, and a formula there would run.
const BOUNDARY_SEGMENT = /([,;\t\r\n])([^,;\t\r\n]*)/g;

/**
 * One CSV field. Text a spreadsheet would run as a formula (CSV injection, OWASP: a leading = + - @,
 * tab or CR) gets a leading `'`, so it shows as typed; so does each such piece after a separator
 * or line break inside the text (see BOUNDARY_SEGMENT), and the cell is then quoted. The rule is
 * the contacts uploader's: a + or - followed only by phone characters stays as written, so
 * "+14155550101" survives a round trip through `calls import` (digits and punctuation cannot call a
 * function or reach another program). Numbers are written as numbers: a number, negative or not,
 * is a value to a spreadsheet, never a formula (ours are never negative anyway).
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  let text = String(value).replace(BOUNDARY_SEGMENT, (whole, sep: string, rest: string) => (FORMULA_RE.test(rest) ? `${sep}'${rest}` : whole));
  if (FORMULA_RE.test(text)) text = `'${text}`;
  return /[",;\t\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
