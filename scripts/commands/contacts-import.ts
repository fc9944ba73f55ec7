import fs from "node:fs";
import { parseArgs } from "node:util";
import Papa from "papaparse";
import { addContacts } from "@/lib/contacts/add-contacts";
import { findListAccount } from "@/lib/contacts/db/contacts";
import { CONTACTS_BATCH, findPhoneColumn, PHONE_COLUMNS, toVariableKey } from "@/lib/contacts/csv-columns";
import { ContactInput, ListParams, TEMPLATE_KEY_RE, type ContactInput as Contact } from "@/lib/contacts/schema";

// `contacts import --list ID FILE.csv [--phone-column C]`: streams a CSV of any size into a list
// through the same code path as POST /api/contacts/{list_id}/add, in batches of BATCH rows.

export const BATCH = CONTACTS_BATCH;
const USAGE = "usage: contacts import --list LIST_ID FILE.csv [--phone-column COLUMN]";

export interface ImportReport {
  added: number;
  duplicates: number;
  invalid: { line: number; phone_number: string; reason: string }[];
}

function columnsOf(header: string[], phoneColumn: string | undefined) {
  // Compared by variable key, case-insensitive, so `Phone Number` is found as phone_number.
  const phone = findPhoneColumn(header, phoneColumn);
  if (phone < 0) {
    throw new Error(phoneColumn
      ? `column "${phoneColumn}" not found; the header has: ${header.join(", ")}`
      : `no phone column (${PHONE_COLUMNS.join(", ")}) in the header: ${header.join(", ")}; pass --phone-column`);
  }
  const vars: { index: number; key: string }[] = [];
  const seen = new Map<string, string>();
  header.forEach((h, index) => {
    if (index === phone) return;
    const key = toVariableKey(h);
    if (!TEMPLATE_KEY_RE.test(key)) throw new Error(`column ${index + 1} ("${h}") cannot be a template variable name`);
    const other = seen.get(key);
    if (other !== undefined) throw new Error(`columns "${other}" and "${h}" both become template variable "${key}"`);
    seen.set(key, h);
    vars.push({ index, key });
  });
  return { phone, vars };
}

export async function contactsImport(args: string[]): Promise<ImportReport> {
  const { values, positionals } = parseArgs({
    args,
    options: { list: { type: "string" }, "phone-column": { type: "string" } },
    allowPositionals: true,
  });
  if (!values.list || positionals.length !== 1) throw new Error(USAGE);
  const params = ListParams.safeParse({ list_id: values.list });
  if (!params.success) throw new Error(`--list must be a list id (UUID); ${USAGE}`);
  const listId = params.data.list_id;
  const accountId = await findListAccount(listId);
  if (!accountId) throw new Error(`contact list ${listId} not found`);
  const file = positionals[0];
  if (!fs.existsSync(file)) throw new Error(`file not found: ${file}`);

  const report: ImportReport = { added: 0, duplicates: 0, invalid: [] };
  let batch: Contact[] = [];
  let lines: number[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const { response, invalid } = await addContacts(accountId, listId, batch, { invalid: "skip" });
    report.added += response.total_added;
    report.duplicates += response.total_duplicates;
    for (const bad of invalid) report.invalid.push({ line: lines[bad.index], phone_number: bad.phone_number, reason: bad.reason });
    batch = [];
    lines = [];
  };

  let columns: ReturnType<typeof columnsOf> | undefined;
  for await (const { row, line } of csvRows(file)) {
    if (!columns) {
      columns = columnsOf(row, values["phone-column"]);
      continue;
    }
    const phone = row[columns.phone] ?? "";
    const template_variables: Record<string, string> = {};
    for (const v of columns.vars) template_variables[v.key] = row[v.index] ?? "";
    const parsed = ContactInput.safeParse({ phone_number: phone, template_variables });
    if (!parsed.success) {
      const reason = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
      report.invalid.push({ line, phone_number: phone, reason });
      continue;
    }
    batch.push(parsed.data);
    lines.push(line);
    if (batch.length >= BATCH) await flush();
  }
  if (!columns) throw new Error("the file is empty: expected a header row");
  await flush();
  report.invalid.sort((a, b) => a.line - b.line);
  return report; // runCommand (scripts/commands/run.ts) prints it as the command's one JSON object

}

/**
 * The file's records with the physical line each starts on, streamed (papaparse's Node stream,
 * pulled, so a slow consumer pauses reading). Blank lines are skipped; a byte-order mark is dropped.
 */
async function* csvRows(file: string): AsyncGenerator<{ row: string[]; line: number }> {
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { header: false, skipEmptyLines: false });
  const source = fs.createReadStream(file, { encoding: "utf8" });
  source.on("error", (err) => parser.destroy(err));
  source.pipe(parser);
  let line = 1;
  let first = true;
  try {
    for await (const row of parser as AsyncIterable<string[]>) {
      const at = line;
      // A quoted cell may span lines; count them so reported line numbers match the file.
      line += 1 + row.reduce((n, cell) => n + countNewlines(cell), 0);
      if (first && row.length > 0) row[0] = row[0].replace(/^\uFEFF/, "");
      first = false;
      if (row.length === 1 && row[0].trim() === "") continue;
      yield { row, line: at };
    }
  } finally {
    source.destroy(); // also when the consumer stops early (a bad header)
  }
}

function countNewlines(s: string): number {
  let n = 0;
  for (let i = s.indexOf("\n"); i !== -1; i = s.indexOf("\n", i + 1)) n++;
  return n;
}
