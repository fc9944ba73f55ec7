// CSV writing for the call export (RFC 4180: comma-separated, CRLF rows, fields with a comma,
// quote or line break wrapped in quotes with inner quotes doubled).

// A spreadsheet treats a cell starting with one of these as a formula (CSV injection, OWASP);
// tab and carriage return are on OWASP's list too because some programs strip them first.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field. Text that a spreadsheet would run as a formula gets a leading `'`, which shows the
 * text as typed instead; phone numbers like "+14155550101" are affected too, which also keeps Excel
 * from turning them into numbers. Numbers are written as they are (ours are never negative).
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
