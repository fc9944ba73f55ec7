import Papa from "papaparse";

/**
 * Cells a spreadsheet would run as a formula get a leading `'`: always for = @ tab CR, and for
 * + or - unless the rest looks like a phone number (`+1 (415) 555-0102` must stay as written).
 */
export const FORMULA_RE = /^[=@\t\r]|^[+-](?![\d\s().-]*$)/;

/**
 * The rows the uploader could not send, as a CSV the operator can fix and upload again: the row's
 * position in the file, its original cells under the original header, and the reason.
 */
export function invalidRowsCsv(
  header: readonly string[],
  rows: readonly string[][],
  reasons: ReadonlyMap<number, string>,
  rowOffset: number,
): string {
  const indexes = [...reasons.keys()].sort((a, b) => a - b);
  const data = indexes.map((i) => [String(i + rowOffset), ...header.map((_, c) => rows[i][c] ?? ""), reasons.get(i) ?? ""]);
  return Papa.unparse({ fields: ["row", ...header, "reason"], data }, { escapeFormulae: FORMULA_RE, newline: "\r\n" });
}
