import { MAX_TEMPLATE_VARIABLES, TEMPLATE_KEY_RE } from "@/lib/contacts/schema";

// How a CSV header becomes a phone column and template variables: shared by the CLI importer and
// the console's uploader (which runs in the browser), so both read the same file the same way.

/** Rows per POST /add request, for the CLI and the console alike. */
export const CONTACTS_BATCH = 5_000;

/** Header names taken as the phone column, in order of preference (compared case-insensitively). */
export const PHONE_COLUMNS = ["phone_number", "contact_number", "phone", "number"] as const;

/** Header → template variable name: `First Name` → `First_Name`, `2nd` → `_2nd`. */
export function toVariableKey(header: string): string {
  let key = header.trim().replace(/[^A-Za-z0-9_]+/g, "_").replace(/^_+|_+$/g, "");
  if (/^\d/.test(key)) key = `_${key}`;
  return key.slice(0, 64);
}

/**
 * Index of the phone column, or -1. Headers are compared by their variable key, case-insensitively,
 * so `Phone Number` is found as phone_number; `wanted` overrides the automatic names.
 */
export function findPhoneColumn(header: readonly string[], wanted?: string): number {
  const lower = header.map((h) => toVariableKey(h).toLowerCase());
  const names = wanted ? [toVariableKey(wanted).toLowerCase()] : PHONE_COLUMNS;
  for (const name of names) {
    const at = lower.indexOf(name);
    if (at >= 0) return at;
  }
  return -1;
}

/** One non-phone column as the operator mapped it: kept as a variable under `key`, or skipped. */
export interface ColumnChoice {
  index: number;
  key: string;
  include: boolean;
}

/** Default mapping: every column but the phone one, named by toVariableKey; unnameable ones skipped. */
export function defaultChoices(header: readonly string[], phoneIndex: number): ColumnChoice[] {
  const choices: ColumnChoice[] = [];
  header.forEach((h, index) => {
    if (index === phoneIndex) return;
    const key = toVariableKey(h);
    choices.push({ index, key, include: TEMPLATE_KEY_RE.test(key) });
  });
  return choices;
}

export const VARIABLE_NAME_HINT = "letters, digits or _, not starting with a digit, at most 64 characters";

/**
 * Problems with a mapping, keyed by column index (included columns only): a name the API would
 * refuse, or one used twice. `tooMany` is set past the API's limit of variables per contact.
 */
export function mappingErrors(choices: readonly ColumnChoice[]): { byColumn: Map<number, string>; tooMany: string | null } {
  const byColumn = new Map<number, string>();
  const firstWithKey = new Map<string, number>();
  let included = 0;
  for (const c of choices) {
    if (!c.include) continue;
    included++;
    if (!TEMPLATE_KEY_RE.test(c.key)) {
      byColumn.set(c.index, c.key ? `Invalid name: ${VARIABLE_NAME_HINT}` : "Name is required");
      continue;
    }
    const first = firstWithKey.get(c.key);
    if (first !== undefined) byColumn.set(c.index, `"${c.key}" is already used by another column`);
    else firstWithKey.set(c.key, c.index);
  }
  const tooMany = included > MAX_TEMPLATE_VARIABLES ? `At most ${MAX_TEMPLATE_VARIABLES} template variables per contact; ${included} columns are included` : null;
  return { byColumn, tooMany };
}

/**
 * Pasted numbers → one number per entry: split on new lines, commas and semicolons; blanks dropped.
 * A comma inside a number (`+1 415,555`) is not a notation anyone uses for phone numbers.
 */
export function splitPastedNumbers(text: string): string[] {
  return text.split(/[\r\n,;]+/).map((s) => s.trim()).filter(Boolean);
}
