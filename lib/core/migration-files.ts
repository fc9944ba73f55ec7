import "server-only";
import fs from "node:fs";
import path from "node:path";

// The numbered migrations a build ships, one folder per backend (lib/core/migrations/<dialect>):
// what the migrators apply and what GET /api/ready compares a database with.

export interface Migration { version: number; file: string; path: string }

export function migrationFiles(dialect: "sqlite" | "postgres"): Migration[] {
  const dir = path.join(process.cwd(), "lib", "core", "migrations", dialect);
  return fs.readdirSync(dir).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort()
    .map((file) => ({ version: Number(file.slice(0, 4)), file, path: path.join(dir, file) }));
}
