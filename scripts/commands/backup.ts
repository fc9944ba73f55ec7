import { config } from "@/lib/core/config";
import { backupSqlite, BackupRefused } from "@/lib/core/backup";
import { CliError, parseFlags, required } from "./args";

const USAGE = "backup --to FILE";

/**
 * `backup --to FILE` → {"from", "to", "bytes", "pages", "seconds", "schema_version", "integrity",
 * "tables"}: an online copy of the SQLite database (DATABASE_PATH) while the app keeps serving.
 * PostgreSQL has its own tools for this; the command says which instead of half-doing it.
 */
export async function backup(args: string[]) {
  const { values, positionals } = parseFlags(args, { to: { type: "string" } }, USAGE);
  if (positionals.length) throw new CliError(`Unexpected argument ${positionals[0]}. Usage: ${USAGE}`);
  const to = required(values.to, "to", USAGE);
  if (process.env.DATABASE_URL) {
    throw new CliError(
      "backup copies the embedded SQLite database only. On PostgreSQL use pg_dump, e.g. " +
        "pg_dump --format=custom --file=voxdesk.dump \"$DATABASE_URL\" (restore into an empty database with pg_restore --dbname=URL voxdesk.dump), " +
        "or your provider's snapshots / point-in-time recovery.",
    );
  }
  const from = config().DATABASE_PATH;
  const started = performance.now();
  try {
    const result = await backupSqlite(from, to);
    return { from, to, ...result, seconds: Number(((performance.now() - started) / 1000).toFixed(2)) };
  } catch (err) {
    if (err instanceof BackupRefused) throw new CliError(err.message);
    throw err;
  }
}
