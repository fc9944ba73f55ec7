import fs from "node:fs";
import { sql } from "kysely";
import { db, dialect, rawSqlite } from "@/lib/core/client";

// Shared by the tool route tests. Stored URLs under `.test` are never contacted: requests are only
// ever sent to the loopback servers the tests start.

export const WEATHER_PARAMS = {
  type: "object",
  properties: {
    city: { type: "string" },
    days: { type: "integer", minimum: 1 },
    date: { type: "string", format: "date" },
  },
  required: ["city"],
};

export function toolDef(name: string, parameters: Record<string, unknown> = WEATHER_PARAMS) {
  return { type: "function", function: { name, description: `The ${name} tool`, parameters } };
}

export interface EntryOptions { method?: string; url?: string; api_token?: string }

export function registration(names: string[], entry: EntryOptions = {}, extra: Record<string, unknown> = {}) {
  return {
    tools: names.map((n) => toolDef(n)),
    tools_params: Object.fromEntries(names.map((n) => [n, { method: "GET", url: "https://tools.example.test/api", ...entry }])),
    ...extra,
  };
}

/**
 * Everything the database holds for the tool tables. SQLite: every byte of the main file, the WAL
 * and the shared-memory file after a checkpoint. PostgreSQL: every row of every table as text
 * (bytea shows as hex, so a plaintext token in a text column, or its hex in a bytea, is found).
 */
export async function storedBytes(location: string): Promise<Buffer> {
  if (dialect() === "postgres") {
    const { rows } = await sql<{ dump: string | null }>`
      SELECT string_agg(row_text, ' ') AS dump FROM (
        SELECT t::text AS row_text FROM tools t UNION ALL SELECT h::text FROM tool_tests h
        UNION ALL SELECT a::text FROM agents a UNION ALL SELECT e::text FROM engines e
      ) rows`.execute(db());
    return Buffer.from(rows[0]?.dump ?? "", "utf8");
  }
  rawSqlite().pragma("wal_checkpoint(FULL)");
  const parts = [location, `${location}-wal`, `${location}-shm`].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f));
  return Buffer.concat(parts);
}

/** Byte search for a secret in any encoding it could have been stored in. */
export function containsSecret(bytes: Buffer, secret: string): boolean {
  const utf8 = Buffer.from(secret, "utf8");
  return [utf8, Buffer.from(secret, "utf16le"), Buffer.from(utf8.toString("base64")), Buffer.from(utf8.toString("hex"))]
    .some((needle) => bytes.includes(needle));
}
