import { MAX_TEMPLATE_VALUE_LENGTH, parseContactPhone } from "@/lib/contacts/schema";

// The uploader's preview, before anything is sent: every row is read with the server's own
// parseContactPhone (libphonenumber-js max metadata, the list's default country) and repeats of a
// number earlier in the file are marked, exactly as POST /add would count them. Runs in a web
// worker over files of any size, hence typed arrays and a resumable phone pass.

export const VALID = 0;
export const INVALID = 1;
export const DUPLICATE = 2;

export interface VariableColumn {
  index: number;
  key: string;
}

/** Numbers read for one (phone column, default country): E.164 or the reason it could not be read. */
export interface PhonePass {
  phoneIndex: number;
  country: string | null;
  e164: (string | null)[];
  reasons: Map<number, string>;
  /** Rows read so far; the pass is complete when done === rows.length. */
  done: number;
}

export function newPhonePass(phoneIndex: number, country: string | null): PhonePass {
  return { phoneIndex, country, e164: [], reasons: new Map(), done: 0 };
}

/** Reads up to `count` more rows' numbers; returns how many rows are done. */
export function continuePhonePass(pass: PhonePass, rows: readonly string[][], count: number): number {
  const end = Math.min(rows.length, pass.done + count);
  for (let i = pass.done; i < end; i++) {
    const parsed = parseContactPhone(rows[i][pass.phoneIndex] ?? "", pass.country);
    if (parsed.ok) pass.e164[i] = parsed.e164;
    else {
      pass.e164[i] = null;
      pass.reasons.set(i, parsed.reason);
    }
  }
  pass.done = end;
  return end;
}

export interface Classification {
  status: Uint8Array;
  /** Why a row is invalid (INVALID rows only). */
  reasons: Map<number, string>;
  /** For a DUPLICATE row: the index of the row whose number it repeats; -1 otherwise. */
  duplicateOf: Int32Array;
  /** Rows to send, in file order: valid and the first of their number. */
  sendable: Int32Array;
  counts: { total: number; valid: number; invalid: number; duplicates: number };
}

/**
 * Marks each row valid, invalid or duplicate from a complete phone pass. A row is invalid when its
 * number cannot be read or an included value is longer than the API accepts; among the others the
 * first row with a number is kept and later ones are duplicates of it.
 */
export function classifyRows(rows: readonly string[][], pass: PhonePass, vars: readonly VariableColumn[]): Classification {
  const n = rows.length;
  const status = new Uint8Array(n);
  const duplicateOf = new Int32Array(n).fill(-1);
  const reasons = new Map<number, string>();
  const firstRow = new Map<string, number>();
  const sendable: number[] = [];
  let invalid = 0;
  let duplicates = 0;
  for (let i = 0; i < n; i++) {
    const e164 = pass.e164[i];
    let reason = e164 === null || e164 === undefined ? (pass.reasons.get(i) ?? "not read") : null;
    if (reason === null) {
      for (const v of vars) {
        if ((rows[i][v.index] ?? "").length > MAX_TEMPLATE_VALUE_LENGTH) {
          reason = `value of ${v.key} is longer than ${MAX_TEMPLATE_VALUE_LENGTH} characters`;
          break;
        }
      }
    }
    if (reason !== null) {
      status[i] = INVALID;
      reasons.set(i, reason);
      invalid++;
      continue;
    }
    const first = firstRow.get(e164!);
    if (first !== undefined) {
      status[i] = DUPLICATE;
      duplicateOf[i] = first;
      duplicates++;
    } else {
      firstRow.set(e164!, i);
      sendable.push(i);
    }
  }
  return {
    status, reasons, duplicateOf, sendable: Int32Array.from(sendable),
    counts: { total: n, valid: sendable.length, invalid, duplicates },
  };
}

/** The request body's contact for one row: the number as written and every included column as a string. */
export function contactOf(row: readonly string[], phoneIndex: number, vars: readonly VariableColumn[]) {
  const template_variables: Record<string, string> = {};
  // Empty cells are kept as "" so every contact of an upload has the same keys (as the CLI does).
  for (const v of vars) template_variables[v.key] = row[v.index] ?? "";
  return { phone_number: row[phoneIndex] ?? "", template_variables };
}

/** UTF-8 byte length without allocating an encoded copy. */
export function utf8Length(s: string): number {
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

export interface Batch {
  /** JSON of `{"contacts": [...]}`, ready to POST. */
  body: string;
  /** File row index of each contact in the body, in order (maps a 422's `index` back to its row). */
  rows: number[];
  /** Position in `sendable` to continue from. */
  next: number;
}

/**
 * The next request's body from position `from` of `sendable`: at most `maxRows` contacts and at
 * most `maxBytes` of JSON (so wide rows stay under the server's body limit), skipping rows in `skip`.
 */
export function buildBatch(
  rows: readonly string[][], sendable: Int32Array, from: number, phoneIndex: number, vars: readonly VariableColumn[],
  opts: { maxRows: number; maxBytes: number; skip?: ReadonlySet<number> },
): Batch {
  const parts: string[] = [];
  const picked: number[] = [];
  let bytes = 16;
  let pos = from;
  for (; pos < sendable.length && picked.length < opts.maxRows; pos++) {
    const row = sendable[pos];
    if (opts.skip?.has(row)) continue;
    const json = JSON.stringify(contactOf(rows[row], phoneIndex, vars));
    const size = utf8Length(json) + 1;
    // Always take at least one contact, or a single huge row would stall the upload forever.
    if (picked.length > 0 && bytes + size > opts.maxBytes) break;
    parts.push(json);
    picked.push(row);
    bytes += size;
  }
  return { body: `{"contacts":[${parts.join(",")}]}`, rows: picked, next: pos };
}
