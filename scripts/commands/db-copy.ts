import fs from "node:fs";
import { keyFilePath, keyIdOf } from "@/lib/core/secrets";
import { copySqliteToPostgres, CopyRefused } from "@/lib/core/copy";
import { CliError, parseFlags, required } from "./args";

const USAGE = "db:copy --from sqlite:PATH --to postgres://USER@HOST/DB";

/** `sqlite:PATH`, `sqlite://PATH` or `sqlite:///abs/path` → the file path. */
export function sqlitePathOf(from: string): string {
  if (!from.startsWith("sqlite:")) throw new CliError(`--from must be sqlite:PATH, got ${from}. Usage: ${USAGE}`);
  const rest = from.slice("sqlite:".length);
  const file = rest.startsWith("//") ? rest.slice(2) : rest;
  if (!file) throw new CliError(`--from names no file. Usage: ${USAGE}`);
  return file;
}

/** The URL without its password, for output. */
function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = "***";
  return u.toString();
}

/**
 * `db:copy --from sqlite:PATH --to postgres://…` → {"from", "to", "tables": {name: {source, target}},
 * "verified": true, "note"}: migrates the PostgreSQL database, refuses one that already has data,
 * copies every table (ids kept) in one transaction and checks the row counts before committing.
 */
export async function dbCopy(args: string[]) {
  const { values, positionals } = parseFlags(args, { from: { type: "string" }, to: { type: "string" } }, USAGE);
  if (positionals.length) throw new CliError(`Unexpected argument ${positionals[0]}. Usage: ${USAGE}`);
  const file = sqlitePathOf(required(values.from, "from", USAGE));
  const to = required(values.to, "to", USAGE);
  if (!/^postgres(ql)?:\/\//.test(to)) throw new CliError(`--to must be a postgres:// URL. Usage: ${USAGE}`);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new CliError(`No SQLite database at ${file}`);

  const started = performance.now();
  let result;
  try {
    result = await copySqliteToPostgres(file, to, (msg) => process.stderr.write(`db:copy ${msg}\n`));
  } catch (err) {
    if (err instanceof CopyRefused) throw new CliError(err.message);
    throw err;
  }
  return {
    from: `sqlite:${file}`,
    to: redact(to),
    tables: result.tables,
    verified: result.verified,
    schema_version: result.schema_version,
    seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
    sealed_tokens: result.sealed_tokens,
    note: secretNote(file, result.sealed_tokens),
  };
}

/**
 * Tool api_tokens are copied still sealed: PostgreSQL instances need the key that sealed them.
 * Says which key that is, and whether the SECRET_KEY of this shell is it.
 */
function secretNote(file: string, sealed: Record<string, number>): string {
  const ids = Object.keys(sealed);
  const keyFile = keyFilePath(file);
  const where = fs.existsSync(keyFile) ? `the SQLite installation's SECRET_KEY or, if it had none, the contents of ${keyFile}` : "the SQLite installation's SECRET_KEY";
  let note = `Encrypted secrets (tool api_tokens) are copied as they are: run every PostgreSQL instance with SECRET_KEY set to the key that sealed them (${where}).`;
  if (ids.length === 0) return `${note} This database has none.`;
  note += ` ${Object.values(sealed).reduce((a, b) => a + b, 0)} token(s) sealed with key id(s) ${ids.join(", ")}.`;
  const env = process.env.SECRET_KEY;
  if (env) {
    const id = keyIdOf(Buffer.from(env.trim(), "base64"));
    note += ids.includes(id) ? ` This shell's SECRET_KEY (id ${id}) is one of them.` : ` This shell's SECRET_KEY (id ${id}) is NOT one of them.`;
  }
  return note;
}
