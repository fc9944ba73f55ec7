import fs from "node:fs";
import { insertCalls, type NewCall } from "@/lib/calls/db/calls";
import { inBulkTransaction } from "@/lib/core/operator";
import { CallRecord } from "@/lib/calls/schema";
import { readCallFile, type RowItem } from "../support/call-file";
import { CliError, parseFlags, required, requireAccount } from "./args";

const USAGE = "calls import --account ACCOUNT_ID FILE (.jsonl, .json array or .csv)";
// Rows go to insertCalls in chunks (bounded memory); all chunks share one transaction, so a
// failure part-way leaves the database as it was. Re-running the same file is a no-op.
const CHUNK = 10_000;
// A file of garbage must not print a gigabyte of errors: list the first ones, count the rest.
const MAX_LISTED_ERRORS = 1000;

/**
 * `calls import --account ID FILE` → {"imported", "skipped", "errors": [{"line", "message"}], ...}.
 * Every row is validated with the CallRecord schema; the account comes from the flag (an
 * `account_id` column in the file is ignored); a call_sid the account already has is skipped.
 */
export async function callsImport(args: string[]) {
  const { values, positionals } = parseFlags(args, { account: { type: "string" } }, USAGE);
  const accountId = required(values.account, "account", USAGE);
  if (positionals.length !== 1) throw new CliError(`Expected exactly one FILE. Usage: ${USAGE}`);
  const file = positionals[0];
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new CliError(`No such file: ${file}`);
  await requireAccount(accountId);

  let imported = 0, skipped = 0, invalid = 0;
  const errors: { line: number; message: string }[] = [];
  let batch: NewCall[] = [];
  const flush = async () => {
    const r = await insertCalls(accountId, batch);
    imported += r.inserted;
    skipped += r.skipped;
    batch = [];
  };
  const fail = (line: number, message: string) => {
    invalid++;
    if (errors.length < MAX_LISTED_ERRORS) errors.push({ line, message });
  };
  const onRow = (item: RowItem) => {
    if ("error" in item) return fail(item.line, item.error);
    const parsed = CallRecord.safeParse(item.row);
    if (!parsed.success) {
      return fail(item.line, parsed.error.issues.map((i) => `${i.path.join(".") || "(row)"}: ${i.message}`).join("; "));
    }
    batch.push(parsed.data);
    if (batch.length >= CHUNK) return flush();
  };

  const format = await inBulkTransaction(async () => {
    const f = await readCallFile(file, onRow);
    if (batch.length) await flush();
    return f;
  });
  return { imported, skipped, invalid, errors, format };
}
