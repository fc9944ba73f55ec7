// The uploader's worker: parses the CSV, reads every number (libphonenumber-js max metadata is
// heavy work for 100k rows) and builds upload batches, so the page stays responsive for any size.
// It holds the rows; the page asks only for what it shows.
import { splitPastedNumbers } from "@/lib/contacts/csv-columns";
import { parseCsvStream } from "@/lib/contacts/csv-stream";
import { invalidRowsCsv } from "@/lib/contacts/invalid-csv";
import {
  buildBatch, classifyRows, continuePhonePass, DUPLICATE, INVALID, newPhonePass,
  type Classification, type PhonePass, type VariableColumn,
} from "@/lib/contacts/row-check";
import type { CheckCounts, Loaded, PreviewFilter, PreviewPage, WorkerMessage, WorkerRequest } from "./csv-protocol";

const scope = self as unknown as {
  postMessage(message: WorkerMessage): void;
  onmessage: ((event: MessageEvent<{ id: number; request: WorkerRequest }>) => void) | null;
};

const STATUS = ["valid", "invalid", "duplicate"] as const;
const SLICE = 5_000; // rows read between progress reports (and chances to notice a newer check)

let header: string[] = [];
let rows: string[][] = [];
let rowOffset = 2;
let pass: PhonePass | null = null;
let result: Classification | null = null;
let checkedWith: { phoneIndex: number; vars: VariableColumn[] } | null = null;
/** Rows the server refused although the preview passed them (should not happen: same rules). */
let rejected = new Map<number, string>();
let filtered = new Map<PreviewFilter, Int32Array>();
let checkGeneration = 0;

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function reset(newHeader: string[], newRows: string[][], offset: number): Loaded {
  header = newHeader;
  rows = newRows;
  rowOffset = offset;
  pass = null;
  result = null;
  checkedWith = null;
  rejected = new Map();
  filtered = new Map();
  return { header, rowCount: rows.length, samples: rows.slice(0, 3), rowOffset };
}

async function loadFile(file: File, progress: (done: number, total: number) => void): Promise<Loaded> {
  const all: string[][] = [];
  let last = 0;
  await parseCsvStream(
    file.stream(),
    (chunk) => {
      for (const r of chunk) all.push(r);
    },
    (bytes) => {
      const now = Date.now();
      if (now - last > 100 || bytes === file.size) {
        last = now;
        progress(bytes, file.size);
      }
    },
  );
  if (all.length === 0) throw new Error("The file is empty: expected a header row and at least one contact.");
  const [first, ...data] = all;
  if (data.length === 0) throw new Error("The file has a header row but no contacts below it.");
  return reset(first.map((h) => h.trim()), data, 2);
}

function counts(): CheckCounts {
  if (!result) throw new Error("Rows have not been checked yet.");
  const c = result.counts;
  return { total: c.total, valid: c.valid - rejected.size, invalid: c.invalid + rejected.size, duplicates: c.duplicates };
}

async function check(
  req: Extract<WorkerRequest, { type: "check" }>,
  progress: (done: number, total: number) => void,
): Promise<CheckCounts | null> {
  const generation = ++checkGeneration;
  // The numbers are read once per (phone column, country); remapping variables only re-classifies.
  if (!pass || pass.phoneIndex !== req.phoneIndex || pass.country !== req.country) pass = newPhonePass(req.phoneIndex, req.country);
  const current = pass;
  while (current.done < rows.length) {
    continuePhonePass(current, rows, SLICE);
    progress(current.done, rows.length);
    await tick();
    if (generation !== checkGeneration) return null;
  }
  result = classifyRows(rows, current, req.vars);
  checkedWith = { phoneIndex: req.phoneIndex, vars: req.vars };
  rejected = new Map();
  filtered = new Map();
  return counts();
}

function statusOf(i: number): number {
  return rejected.has(i) ? INVALID : result!.status[i];
}

function indexesFor(filter: PreviewFilter): Int32Array | null {
  if (filter === "all") return null;
  let list = filtered.get(filter);
  if (!list) {
    const wanted = STATUS.indexOf(filter);
    const out: number[] = [];
    for (let i = 0; i < rows.length; i++) if (statusOf(i) === wanted) out.push(i);
    list = Int32Array.from(out);
    filtered.set(filter, list);
  }
  return list;
}

function page(filter: PreviewFilter, offset: number, limit: number): PreviewPage {
  if (!result || !pass) throw new Error("Rows have not been checked yet.");
  const list = indexesFor(filter);
  const total = list ? list.length : rows.length;
  const out: PreviewPage["rows"] = [];
  for (let k = offset; k < Math.min(total, offset + limit); k++) {
    const i = list ? list[k] : k;
    const status = statusOf(i);
    out.push({
      index: i,
      cells: rows[i],
      status: STATUS[status],
      e164: pass.e164[i] ?? null,
      reason: status === INVALID ? (rejected.get(i) ?? result.reasons.get(i) ?? null) : null,
      duplicateOf: status === DUPLICATE ? result.duplicateOf[i] : null,
    });
  }
  return { rows: out, total };
}

function invalidCsv(): string {
  if (!result) throw new Error("Rows have not been checked yet.");
  const reasons = new Map([...result.reasons, ...rejected]);
  return invalidRowsCsv(header, rows, reasons, rowOffset);
}

async function handle(id: number, req: WorkerRequest): Promise<unknown> {
  const progress = (done: number, total: number) => scope.postMessage({ id, kind: "progress", done, total });
  switch (req.type) {
    case "load-file":
      return loadFile(req.file, progress);
    case "load-text": {
      const numbers = splitPastedNumbers(req.text);
      if (numbers.length === 0) throw new Error("No numbers found: paste one per line, or separate them with commas.");
      return reset(["phone_number"], numbers.map((n) => [n]), 1);
    }
    case "check":
      return check(req, progress);
    case "page":
      return page(req.filter, req.offset, req.limit);
    case "batch":
      if (!result || !checkedWith) throw new Error("Rows have not been checked yet.");
      return buildBatch(rows, result.sendable, req.from, checkedWith.phoneIndex, checkedWith.vars,
        { maxRows: req.maxRows, maxBytes: req.maxBytes, skip: new Set(rejected.keys()) });
    case "reject":
      for (const r of req.rows) rejected.set(r.index, r.reason);
      filtered = new Map();
      return counts();
    case "invalid-csv":
      return invalidCsv();
  }
}

// Assigned (not addEventListener) so nothing else in the bundle can also answer these messages.
scope.onmessage = (event) => {
  const { id, request } = event.data;
  handle(id, request).then(
    (value) => scope.postMessage({ id, kind: "result", value }),
    (err: unknown) => scope.postMessage({ id, kind: "error", message: err instanceof Error ? err.message : String(err) }),
  );
};
