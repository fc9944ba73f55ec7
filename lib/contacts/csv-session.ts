import { splitPastedNumbers } from "./csv-columns";
import type { CheckCounts, Loaded, PreviewFilter, PreviewPage, WorkerReplies, WorkerRequest } from "./csv-protocol";
import { parseCsvStream } from "./csv-stream";
import { invalidRowsCsv } from "./invalid-csv";
import {
  buildBatch, classifyRows, continuePhonePass, DUPLICATE, INVALID, newPhonePass,
  type Batch, type Classification, type PhonePass, type VariableColumn,
} from "./row-check";

// What the uploader's web worker holds: the rows of one file (or paste), the numbers read from
// them and the last check. The worker (components/contacts/csv.worker.ts) only passes messages
// to `dispatch`; tests drive the same code in-process.

const STATUS = ["valid", "invalid", "duplicate"] as const;
const SLICE = 5_000; // rows read between progress reports (and chances to notice a newer check)
const NOT_CHECKED = "Rows have not been checked yet.";

type Progress = (done: number, total: number) => void;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

export class CsvSession {
  private header: string[] = [];
  private rows: string[][] = [];
  private rowOffset = 2;
  private pass: PhonePass | null = null;
  private result: Classification | null = null;
  private checkedWith: { phoneIndex: number; vars: VariableColumn[] } | null = null;
  /** Rows the server refused although the preview passed them (should not happen: same rules). */
  private rejected = new Map<number, string>();
  private filtered = new Map<PreviewFilter, Int32Array>();
  private generation = 0;

  private reset(header: string[], rows: string[][], rowOffset: number): Loaded {
    this.header = header;
    this.rows = rows;
    this.rowOffset = rowOffset;
    this.pass = null;
    this.result = null;
    this.checkedWith = null;
    this.rejected = new Map();
    this.filtered = new Map();
    return { header, rowCount: rows.length, samples: rows.slice(0, 3), rowOffset };
  }

  /** A CSV with a header row; progress in bytes, at most every 100 ms. */
  async loadStream(stream: ReadableStream<Uint8Array>, size: number, progress: Progress = () => {}): Promise<Loaded> {
    const all: string[][] = [];
    let last = 0;
    await parseCsvStream(stream, (chunk) => {
      for (const r of chunk) all.push(r);
    }, (bytes) => {
      const now = Date.now();
      if (now - last > 100 || bytes === size) {
        last = now;
        progress(bytes, size);
      }
    });
    if (all.length === 0) throw new Error("The file is empty: expected a header row and at least one contact.");
    const [first, ...data] = all;
    if (data.length === 0) throw new Error("The file has a header row but no contacts below it.");
    return this.reset(first.map((h) => h.trim()), data, 2);
  }

  /** Pasted numbers: one column, no header, so row numbers start at 1. */
  loadText(text: string): Loaded {
    const numbers = splitPastedNumbers(text);
    if (numbers.length === 0) throw new Error("No numbers found: paste one per line, or separate them with commas.");
    return this.reset(["phone_number"], numbers.map((n) => [n]), 1);
  }

  /**
   * Reads every number (once per phone column and country; remapping variables only re-classifies),
   * yielding between slices. Answers null when a newer check started meanwhile.
   */
  async check(phoneIndex: number, country: string | null, vars: VariableColumn[], progress: Progress = () => {}): Promise<CheckCounts | null> {
    const generation = ++this.generation;
    if (!this.pass || this.pass.phoneIndex !== phoneIndex || this.pass.country !== country) this.pass = newPhonePass(phoneIndex, country);
    const pass = this.pass;
    while (pass.done < this.rows.length) {
      continuePhonePass(pass, this.rows, SLICE);
      progress(pass.done, this.rows.length);
      await tick();
      if (generation !== this.generation) return null;
    }
    this.result = classifyRows(this.rows, pass, vars);
    this.checkedWith = { phoneIndex, vars };
    this.rejected = new Map();
    this.filtered = new Map();
    return this.counts();
  }

  counts(): CheckCounts {
    if (!this.result) throw new Error(NOT_CHECKED);
    const c = this.result.counts;
    const r = this.rejected.size;
    return { total: c.total, valid: c.valid - r, invalid: c.invalid + r, duplicates: c.duplicates };
  }

  private statusOf(i: number): number {
    return this.rejected.has(i) ? INVALID : this.result!.status[i];
  }

  private indexesFor(filter: PreviewFilter): Int32Array | null {
    if (filter === "all") return null;
    let list = this.filtered.get(filter);
    if (!list) {
      const wanted = STATUS.indexOf(filter);
      const out: number[] = [];
      for (let i = 0; i < this.rows.length; i++) if (this.statusOf(i) === wanted) out.push(i);
      list = Int32Array.from(out);
      this.filtered.set(filter, list);
    }
    return list;
  }

  page(filter: PreviewFilter, offset: number, limit: number): PreviewPage {
    const { result, pass } = this;
    if (!result || !pass) throw new Error(NOT_CHECKED);
    const list = this.indexesFor(filter);
    const total = list ? list.length : this.rows.length;
    const rows: PreviewPage["rows"] = [];
    for (let k = offset; k < Math.min(total, offset + limit); k++) {
      const i = list ? list[k] : k;
      const status = this.statusOf(i);
      rows.push({
        index: i,
        cells: this.rows[i],
        status: STATUS[status],
        e164: pass.e164[i] ?? null,
        reason: status === INVALID ? (this.rejected.get(i) ?? result.reasons.get(i) ?? null) : null,
        duplicateOf: status === DUPLICATE ? result.duplicateOf[i] : null,
      });
    }
    return { rows, total };
  }

  batch(from: number, maxRows: number, maxBytes: number): Batch {
    if (!this.result || !this.checkedWith) throw new Error(NOT_CHECKED);
    const { phoneIndex, vars } = this.checkedWith;
    return buildBatch(this.rows, this.result.sendable, from, phoneIndex, vars, { maxRows, maxBytes, skip: new Set(this.rejected.keys()) });
  }

  reject(rows: { index: number; reason: string }[]): CheckCounts {
    for (const r of rows) this.rejected.set(r.index, r.reason);
    this.filtered = new Map();
    return this.counts();
  }

  invalidCsv(): string {
    if (!this.result) throw new Error(NOT_CHECKED);
    return invalidRowsCsv(this.header, this.rows, new Map([...this.result.reasons, ...this.rejected]), this.rowOffset);
  }
}

/** One request from the page, answered from the session (the worker's whole job). */
export async function dispatch<T extends WorkerRequest["type"]>(
  session: CsvSession, req: Extract<WorkerRequest, { type: T }>, progress: Progress,
): Promise<WorkerReplies[T]>;
export async function dispatch(session: CsvSession, req: WorkerRequest, progress: Progress): Promise<unknown> {
  switch (req.type) {
    case "load-file":
      return session.loadStream(req.file.stream(), req.file.size, progress);
    case "load-text":
      return session.loadText(req.text);
    case "check":
      return session.check(req.phoneIndex, req.country, req.vars, progress);
    case "page":
      return session.page(req.filter, req.offset, req.limit);
    case "batch":
      return session.batch(req.from, req.maxRows, req.maxBytes);
    case "reject":
      return session.reject(req.rows);
    case "invalid-csv":
      return session.invalidCsv();
  }
}
