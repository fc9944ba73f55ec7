import type { Batch, VariableColumn } from "./row-check";

// Messages between the uploader and its worker (components/contacts/csv.worker.ts). The rows stay in the worker; the page asks for
// what it shows (one preview page, one upload batch) so a file of any size never crosses over whole.

export type PreviewFilter = "all" | "valid" | "invalid" | "duplicate";

export type WorkerRequest =
  | { type: "load-file"; file: File }
  | { type: "load-text"; text: string }
  | { type: "check"; phoneIndex: number; country: string | null; vars: VariableColumn[] }
  | { type: "page"; filter: PreviewFilter; offset: number; limit: number }
  | { type: "batch"; from: number; maxRows: number; maxBytes: number }
  | { type: "reject"; rows: { index: number; reason: string }[] }
  | { type: "invalid-csv" };

export interface Loaded {
  header: string[];
  rowCount: number;
  /** First rows, to show a sample value beside each column while mapping. */
  samples: string[][];
  /** Add to a row index for the position an operator sees: 2 in a file (header is row 1), 1 for pasted numbers. */
  rowOffset: number;
}

export interface CheckCounts {
  total: number;
  valid: number;
  invalid: number;
  duplicates: number;
}

export interface PreviewRow {
  index: number;
  cells: string[];
  status: "valid" | "invalid" | "duplicate";
  e164: string | null;
  reason: string | null;
  /** Row index of the first row with this number (duplicates only). */
  duplicateOf: number | null;
}

export interface PreviewPage {
  rows: PreviewRow[];
  total: number;
}

/** Replies per request type. */
export interface WorkerReplies {
  "load-file": Loaded;
  "load-text": Loaded;
  check: CheckCounts | null; // null: superseded by a newer check
  page: PreviewPage;
  batch: Batch;
  reject: CheckCounts;
  "invalid-csv": string;
}

export type WorkerMessage =
  | { id: number; kind: "progress"; done: number; total: number }
  | { id: number; kind: "result"; value: unknown }
  | { id: number; kind: "error"; message: string };
