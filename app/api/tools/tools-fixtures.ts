import fs from "node:fs";
import { rawSqlite } from "@/lib/db/client";

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
 * Every byte SQLite has written for the test database: the main file and the WAL, after a
 * checkpoint (so pages have been copied into the main file too).
 */
export function databaseBytes(file: string): Buffer {
  rawSqlite().pragma("wal_checkpoint(FULL)");
  const parts = [file, `${file}-wal`, `${file}-shm`].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f));
  return Buffer.concat(parts);
}

/** Byte search for a secret in any encoding SQLite or JSON could have stored it in. */
export function containsSecret(bytes: Buffer, secret: string): boolean {
  return [Buffer.from(secret, "utf8"), Buffer.from(secret, "utf16le"), Buffer.from(Buffer.from(secret).toString("base64"))]
    .some((needle) => bytes.includes(needle));
}
