import "server-only";
import type { Kysely } from "kysely";
import { runSql } from "./prepared";
import type { DB } from "./tables";

// A transaction that stores many calls at once (a sync page, lib/calls/db/ingest-page.ts upsertCalls).
// Each call is written as a single report would be, but two kinds of statement every call repeats
// are gathered instead: additions to rollup rows (a page of a thousand calls adds to a few dozen
// rows, each once, several rows per statement, at the end), and reads whose answer the page cannot
// change (an account's webhook endpoints). On PostgreSQL each statement is a round trip, and these
// were most of a sync's. Outside such a transaction both run at once, as they always did. Rows of
// a call new to the page and in it once (its outcome) may be deferred too: nothing else in the
// page reads them, so they are inserted at the end, several per statement.

/**
 * An addition to a rollup row: `upsert` is `INSERT … VALUES (?, …) ON CONFLICT (key) DO UPDATE SET
 * counter = counter + excluded.counter, …`; `params` its parameters, the counters from `counters` on.
 * `labels`: parameters (before the counters) the row takes rather than adds, the latest winning.
 * `prune`: the DELETE of the row by `pruneKey` once its first counter reaches zero, run after a
 * negative addition.
 */
export interface RollupAdd {
  upsert: string; params: readonly unknown[]; counters: number;
  labels?: readonly number[]; prune?: string; pruneKey?: readonly unknown[];
}

interface Row { add: RollupAdd; params: unknown[]; key: string; negative: boolean }
interface Page {
  rollups: Map<string, Row>; memo: Map<string, Promise<unknown>>; callSids: readonly string[];
  /** Calls the page inserts and holds once (markFresh); rows deferred by INSERT text. */
  fresh: ReadonlySet<string>; deferred: Map<string, unknown[][]>;
}

const pages = new WeakMap<Kysely<DB>, Page>();

/**
 * Runs `fn` with `trx` as the transaction of a page of calls (`callSids`); the gathered rollup
 * additions are written before it returns.
 */
export async function inPageTx<T>(trx: Kysely<DB>, callSids: readonly string[], fn: () => Promise<T>): Promise<T> {
  const page: Page = { rollups: new Map(), memo: new Map(), callSids, fresh: new Set(), deferred: new Map() };
  pages.set(trx, page);
  try {
    const result = await fn();
    await writeDeferred(trx, page);
    await writeRollups(trx, page);
    return result;
  } finally {
    pages.delete(trx);
  }
}

/** The calls of the page `trx` stores; undefined outside a page transaction. */
export const pageCallSids = (trx: Kysely<DB>): readonly string[] | undefined => pages.get(trx)?.callSids;

/** Says which calls the page inserts new and holds once: their own rows may be deferred (deferRow). */
export function markFresh(trx: Kysely<DB>, sids: ReadonlySet<string>): void {
  const page = pages.get(trx);
  if (page) page.fresh = sids;
}

/**
 * Defers an INSERT of one `VALUES (?, …)` row of call `sid` to the end of the page, when the page
 * inserted that call new and holds it once (no later report of the page reads the row); false
 * otherwise, and the caller runs it now. Deferred rows go in the order they came, by statement.
 */
export function deferRow(trx: Kysely<DB>, sid: string, text: string, params: unknown[]): boolean {
  const page = pages.get(trx);
  if (!page?.fresh.has(sid)) return false;
  const rows = page.deferred.get(text) ?? [];
  rows.push(params);
  page.deferred.set(text, rows);
  return true;
}

/** A read the page cannot change, made once per page transaction (every time outside one). */
export function pageMemo<T>(trx: Kysely<DB>, key: string, read: () => Promise<T>): Promise<T> {
  const page = pages.get(trx);
  if (!page) return read();
  let p = page.memo.get(key) as Promise<T> | undefined;
  if (!p) page.memo.set(key, (p = read()));
  return p;
}

/** Adds to a rollup row: at once, or in a page transaction gathered with the page's other additions to that row. */
export async function addRollup(trx: Kysely<DB>, add: RollupAdd): Promise<void> {
  const page = pages.get(trx);
  const negative = Number(add.params[add.counters]) < 0;
  if (!page) {
    await runSql(trx, add.upsert, add.params);
    if (negative && add.prune) await runSql(trx, add.prune, add.pruneKey ?? []);
    return;
  }
  const labels = new Set(add.labels ?? []);
  const key = JSON.stringify(add.params.slice(0, add.counters).filter((_, i) => !labels.has(i)));
  const id = `${add.upsert}\u0000${key}`;
  const row = page.rollups.get(id);
  if (!row) {
    page.rollups.set(id, { add, params: [...add.params], key, negative });
    return;
  }
  for (let i = 0; i < add.params.length; i++) {
    if (i >= add.counters) row.params[i] = Number(row.params[i]) + Number(add.params[i]);
    else if (labels.has(i)) row.params[i] = add.params[i];
  }
  row.negative ||= negative;
}

// Rows per statement: a few fixed sizes, so SQLite compiles a handful of texts per statement, not one per count.
const CHUNKS = [64, 16, 4, 1];
const VALUES = /VALUES\s*\(([?,\s]+)\)/;

/** `items` in runs of the fixed sizes, largest first. */
export function fixedChunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length;) {
    const n = CHUNKS.find((c) => c <= items.length - at)!;
    out.push(items.slice(at, at + n));
    at += n;
  }
  return out;
}

const manyTexts = new Map<string, string>();
/** An INSERT of one `VALUES (?, …)` row as the same statement of `n` rows. */
export function manyRows(text: string, n: number): string {
  if (n === 1) return text;
  const key = `${n}\u0000${text}`;
  let many = manyTexts.get(key);
  if (many === undefined) {
    const row = text.match(VALUES)?.[0].slice("VALUES".length).trim();
    if (!row) throw new Error(`manyRows: no single VALUES row in ${text.slice(0, 60)}…`);
    manyTexts.set(key, (many = text.replace(VALUES, `VALUES ${Array(n).fill(row).join(", ")}`)));
  }
  return many;
}

async function writeDeferred(trx: Kysely<DB>, page: Page): Promise<void> {
  for (const [text, rows] of page.deferred) {
    for (const chunk of fixedChunks(rows)) await runSql(trx, manyRows(text, chunk.length), chunk.flat());
  }
  page.deferred.clear();
}

/** Every gathered row, rollup by rollup, in key order (two writers never lock the same rows the other way round). */
async function writeRollups(trx: Kysely<DB>, page: Page): Promise<void> {
  const byText = new Map<string, Row[]>();
  for (const row of page.rollups.values()) {
    const list = byText.get(row.add.upsert) ?? [];
    list.push(row);
    byText.set(row.add.upsert, list);
  }
  for (const [text, rows] of byText) {
    rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const live = rows.filter((r) => r.params.slice(r.add.counters).some((v) => Number(v) !== 0) || r.add.labels?.length);
    for (const chunk of fixedChunks(live)) await runSql(trx, manyRows(text, chunk.length), chunk.flatMap((r) => r.params));
    for (const r of rows) if (r.negative && r.add.prune) await runSql(trx, r.add.prune, r.add.pruneKey ?? []);
  }
  page.rollups.clear();
}
