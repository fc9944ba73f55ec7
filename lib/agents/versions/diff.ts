import { diffLines, diffWordsWithSpace } from "diff";
import { formatPath } from "@/lib/http/errors";

// GET /api/agent/{id}/diff: what changed between two versions, one entry per leaf that differs,
// named by its path in dot/index notation (agent_config.tasks[0].task_config.hangup_after_silence),
// written as validation errors name fields (formatPath), so one path means one field everywhere.
// Long strings (prompts) also carry a line diff and a word diff from jsdiff, the maintained library
// behind most "unified diff" views, so the console can show a prompt as text with the words that
// changed marked (a one-word edit in a paragraph is not the whole paragraph replaced).

export type Op = "replace" | "add" | "remove";
export interface LineChange { op: " " | "+" | "-"; text: string }
export interface Change { path: string; op: Op; before?: unknown; after?: unknown; lines?: LineChange[]; words?: LineChange[] }

/** A string this long, or of several lines, is also diffed line by line. */
const LONG = 120;
/** jsdiff gives up (no `lines`) past this many ms: two unrelated huge prompts must not hold the request. */
const LINE_DIFF_TIMEOUT_MS = 200;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const own = (o: Record<string, unknown>, key: string) => Object.prototype.hasOwnProperty.call(o, key);

export function diffContent(before: unknown, after: unknown): Change[] {
  const out: Change[] = [];
  walk(before, after, [], out);
  return out;
}

function walk(a: unknown, b: unknown, at: (string | number)[], out: Change[]) {
  const path = (k: string | number) => formatPath([...at, k]);
  if (isObject(a) && isObject(b)) {
    for (const key of Object.keys(a)) {
      if (!own(b, key)) out.push({ path: path(key), op: "remove", before: a[key] });
      else walk(a[key], b[key], [...at, key], out);
    }
    for (const key of Object.keys(b)) if (!own(a, key)) out.push({ path: path(key), op: "add", after: b[key] });
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const shared = Math.min(a.length, b.length);
    for (let i = 0; i < shared; i++) walk(a[i], b[i], [...at, i], out);
    for (let i = shared; i < a.length; i++) out.push({ path: path(i), op: "remove", before: a[i] });
    for (let i = shared; i < b.length; i++) out.push({ path: path(i), op: "add", after: b[i] });
    return;
  }
  if (JSON.stringify(a) === JSON.stringify(b)) return;
  const change: Change = { path: formatPath(at), op: "replace", before: a, after: b };
  if (typeof a === "string" && typeof b === "string" && isLong(a, b)) {
    const lines = lineDiff(a, b);
    if (lines) change.lines = lines;
    const words = wordDiff(a, b);
    if (words) change.words = words;
  }
  out.push(change);
}

const isLong = (a: string, b: string) => a.length > LONG || b.length > LONG || a.includes("\n") || b.includes("\n");

function lineDiff(a: string, b: string): LineChange[] | undefined {
  const parts = diffLines(a, b, { timeout: LINE_DIFF_TIMEOUT_MS });
  if (!parts) return undefined;
  return parts.flatMap((p) => {
    const op = p.added ? "+" : p.removed ? "-" : " ";
    // A part's value ends with the newline of its last line; splitting would leave an empty tail.
    const text = p.value.endsWith("\n") ? p.value.slice(0, -1) : p.value;
    return text.split("\n").map((line) => ({ op, text: line }) as LineChange);
  });
}

/**
 * The text in runs, each kept (" "), removed ("-") or added ("+"), whitespace kept as written.
 * Changes separated only by whitespace read as one: "[-Prompt 1 of][+You are Ava]", not a removed
 * and an added run for every word.
 */
function wordDiff(a: string, b: string): LineChange[] | undefined {
  const parts = diffWordsWithSpace(a, b, { timeout: LINE_DIFF_TIMEOUT_MS });
  if (!parts) return undefined;
  const out: LineChange[] = [];
  let removed = "", added = "", gap = "";
  const flush = () => {
    if (removed) out.push({ op: "-", text: removed });
    if (added) out.push({ op: "+", text: added });
    if (gap) out.push({ op: " ", text: gap });
    removed = added = gap = "";
  };
  for (const p of parts) {
    const open = removed !== "" || added !== "";
    if (p.added || p.removed) {
      // Whitespace between two changes joins both sides of the one change.
      removed += gap;
      added += gap;
      gap = "";
      if (p.added) added += p.value;
      else removed += p.value;
    } else if (open && /^\s+$/.test(p.value)) {
      gap += p.value;
    } else {
      flush();
      out.push({ op: " ", text: p.value });
    }
  }
  flush();
  return out;
}
