import "server-only";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { tablesInDependencyOrder } from "./copy";

export interface BackupResult {
  bytes: number;
  pages: number;
  schema_version: number;
  /** PRAGMA quick_check of the copy: "ok" or the first problem found. */
  integrity: string;
  /** Rows per table in the copy. */
  tables: Record<string, number>;
}

/** A state backup will not touch (printed without a stack trace). */
export class BackupRefused extends Error {}

/**
 * Copies a live SQLite database with SQLite's online backup API while the app keeps running (WAL:
 * the backup's read snapshot does not block writers). All pages go in one backup step, so the copy
 * is one consistent snapshot and writes arriving meanwhile cannot restart it again and again. The
 * copy is written beside the destination and renamed into place only once checked, so DEST never
 * holds a half-written file.
 */
export async function backupSqlite(sourcePath: string, dest: string): Promise<BackupResult> {
  if (!fs.existsSync(sourcePath)) throw new BackupRefused(`No SQLite database at ${sourcePath}`);
  if (fs.existsSync(dest)) throw new BackupRefused(`${dest} already exists: choose a new file name`);
  const dir = path.dirname(path.resolve(dest));
  if (!fs.existsSync(dir)) throw new BackupRefused(`folder ${dir} does not exist`);
  if (path.resolve(dest) === path.resolve(sourcePath)) throw new BackupRefused("--to names the database itself");

  const partial = path.join(dir, `.${path.basename(dest)}.${process.pid}.partial`);
  const source = new Database(sourcePath, { readonly: true, fileMustExist: true, timeout: 10_000 });
  let pages: number;
  try {
    const done = await source.backup(partial, { progress: () => 0x7fffffff });
    pages = done.totalPages;
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  } finally {
    source.close();
  }

  try {
    const copy = new Database(partial, { fileMustExist: true });
    let result: BackupResult;
    try {
      const integrity = (copy.pragma("quick_check") as { quick_check: string }[]).map((r) => r.quick_check).join("; ");
      // Leave the copy self-contained (no -wal file beside it), whatever mode the source was in.
      copy.pragma("journal_mode = DELETE");
      const tables = Object.fromEntries(tablesInDependencyOrder(copy).map((t) => [t, (copy.prepare(`SELECT count(*) AS n FROM "${t}"`).get() as { n: number }).n]));
      result = { bytes: 0, pages, schema_version: copy.pragma("user_version", { simple: true }) as number, integrity, tables };
    } finally {
      copy.close();
    }
    if (result.integrity !== "ok") throw new Error(`the copy failed its integrity check: ${result.integrity}`);
    // The copy holds token hashes and sealed secrets: readable by its owner only.
    fs.chmodSync(partial, 0o600);
    const fd = fs.openSync(partial, "r");
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    // link() refuses an existing name, so a file created at DEST meanwhile is never overwritten.
    fs.linkSync(partial, dest);
    const dirFd = fs.openSync(dir, "r");
    fs.fsyncSync(dirFd);
    fs.closeSync(dirFd);
    result.bytes = fs.statSync(dest).size;
    return result;
  } finally {
    for (const f of [partial, `${partial}-wal`, `${partial}-shm`]) fs.rmSync(f, { force: true });
  }
}
