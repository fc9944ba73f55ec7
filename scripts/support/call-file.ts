import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import Papa from "papaparse";

// Reads call records from JSONL, a JSON array or CSV, handing each to `onRow` with the line it
// starts on (1-based, as an editor shows it). JSONL is streamed; a JSON array or CSV is read
// whole (fine up to a few hundred MB; use JSONL beyond that). `onRow` may return a promise: the
// reader waits for it, so the consumer can flush a batch to the database with backpressure.

export type Format = "jsonl" | "json" | "csv";
export type RowItem = { line: number; row: Record<string, unknown> } | { line: number; error: string };
export type OnRow = (item: RowItem) => void | Promise<void>;

/** By extension first; otherwise by the first non-blank character. */
export function detectFormat(file: string): Format {
  const ext = path.extname(file).toLowerCase();
  if (ext === ".jsonl" || ext === ".ndjson") return "jsonl";
  if (ext === ".csv") return "csv";
  const fd = fs.openSync(file, "r");
  try {
    const buf = Buffer.alloc(4096);
    const head = buf.subarray(0, fs.readSync(fd, buf, 0, buf.length, 0)).toString("utf8").replace(/^\uFEFF/, "").trimStart();
    if (head.startsWith("[")) return "json";
    if (head.startsWith("{")) return "jsonl";
    return "csv";
  } finally {
    fs.closeSync(fd);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

async function readJsonl(file: string, onRow: OnRow) {
  const rl = readline.createInterface({ input: fs.createReadStream(file, "utf8"), crlfDelay: Infinity });
  let line = 0;
  for await (const raw of rl) {
    line++;
    const text = (line === 1 ? raw.replace(/^\uFEFF/, "") : raw).trim();
    if (!text) continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      await onRow({ line, error: `invalid JSON: ${(err as Error).message}` });
      continue;
    }
    await onRow(isObject(value) ? { line, row: value } : { line, error: "expected a JSON object" });
  }
}

/** Line on which each top-level array element starts (the text is known to be valid JSON). */
function elementLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1, depth = 0, inString = false, escaped = false, expectValue = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\n") line++;
    if (inString) {
      if (escaped) escaped = false;
      else if (c === "\\") escaped = true;
      else if (c === '"') inString = false;
      continue;
    }
    if (depth === 1 && expectValue && c !== " " && c !== "\t" && c !== "\r" && c !== "\n" && c !== "]") {
      lines.push(line);
      expectValue = false;
    }
    if (c === '"') inString = true;
    else if (c === "[" || c === "{") { depth++; if (depth === 1) expectValue = true; }
    else if (c === "]" || c === "}") depth--;
    else if (c === "," && depth === 1) expectValue = true;
  }
  return lines;
}

async function readJsonArray(file: string, onRow: OnRow) {
  const text = fs.readFileSync(file, "utf8").replace(/^\uFEFF/, "");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return onRow({ line: 1, error: `invalid JSON: ${(err as Error).message}` });
  }
  if (!Array.isArray(value)) return onRow({ line: 1, error: "expected a JSON array of call records" });
  const lines = elementLines(text);
  for (let i = 0; i < value.length; i++) {
    const line = lines[i] ?? 1;
    await onRow(isObject(value[i]) ? { line, row: value[i] } : { line, error: "expected a JSON object" });
  }
}

function readCsv(file: string, onRow: OnRow): Promise<void> {
  const text = fs.readFileSync(file, "utf8").replace(/^\uFEFF/, "");
  let countedTo = 0, line = 1;
  // Line where the row after position `from` begins: skip the line break and blank lines first.
  const lineAfter = (from: number) => {
    let start = from;
    while (start < text.length && /[\r\n \t]/.test(text[start])) start++;
    for (; countedTo < start; countedTo++) if (text[countedTo] === "\n") line++;
    return line;
  };
  // After parser.pause() papaparse continues on the rest of the text, and its cursors restart
  // from 0 there; `base` turns them back into positions in `text`.
  let base = 0;
  let prevEnd = headerEnd(text);
  let failure: unknown;
  return new Promise((resolve, reject) => {
    Papa.parse<Record<string, string>>(text, {
      header: true,
      skipEmptyLines: "greedy",
      transformHeader: (h) => h.trim(),
      step(result, parser) {
        const rowLine = lineAfter(prevEnd);
        prevEnd = base + result.meta.cursor;
        let item: RowItem;
        if (result.errors.length) {
          item = { line: rowLine, error: `CSV: ${result.errors.map((e) => e.message).join("; ")}` };
        } else {
          // An empty cell is a missing value, so defaults apply and required fields are reported.
          const row: Record<string, unknown> = {};
          for (const [k, v] of Object.entries(result.data)) if (v !== "") row[k] = v;
          item = { line: rowLine, row };
        }
        const pending = onRow(item);
        if (pending) {
          base = prevEnd;
          parser.pause();
          pending.then(() => parser.resume(), (err) => { failure = err; parser.abort(); });
        }
      },
      // abort() also ends up here, so a consumer's failure is reported from here too.
      complete: () => (failure ? reject(failure) : resolve()),
      error: (err: Error) => reject(err),
    });
  });
}

/** End of the header row: the first line break outside quotes after any leading blank lines. */
function headerEnd(text: string): number {
  let inQuotes = false;
  let i = 0;
  while (i < text.length && /[\r\n \t]/.test(text[i])) i++;
  for (; i < text.length; i++) {
    if (text[i] === '"') inQuotes = !inQuotes;
    else if (!inQuotes && text[i] === "\n") return i;
  }
  return text.length;
}

export async function readCallFile(file: string, onRow: OnRow): Promise<Format> {
  const format = detectFormat(file);
  if (format === "jsonl") await readJsonl(file, onRow);
  else if (format === "json") await readJsonArray(file, onRow);
  else await readCsv(file, onRow);
  return format;
}
