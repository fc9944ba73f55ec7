import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Four kinds of test file, told apart by what they use, so a new file lands in the right one:
// - server: boots the production server (`next start`, lib/testing/server.ts) and needs a build;
// - process: needs a process of its own (umask and chdir cannot be set in a worker thread);
// - db: touches a database, spawns a process, or changes settings (a temp database through
//   lib/testing/harness.ts, the CLI, a child app, environment variables): worker threads that keep
//   their loaded modules from file to file, each file's changes put back after it (file-reset.ts);
// - unit: everything else, in worker threads that share loaded modules (no isolation).
// Threads start and import faster than forked processes: the db project takes a quarter less CPU.
// Most of the db and server files wait on I/O (HTTP, SQLite fsync, child processes), so more
// workers than the two cores pay: four measured fastest here (README, "Tests").
const SERVER = /startServer\(/;
const PROCESS = /process\.(umask|chdir)\(/;
const DB = /harness|startAppChild|spawn\(|execFile|fork\(|runCli|process\.env(\.[A-Z_]+|\[[^\]]+\]) =|vi\.stubEnv|process\.chdir|Object\.assign\(process\.env|resetConfigForTests|TEST_PG/;

const root = import.meta.dirname;
const SKIP = new Set(["node_modules", ".next", "tmp", ".git", "e2e", "test-results", "playwright-report"]);
function testFiles(dir = ""): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return SKIP.has(e.name) ? [] : testFiles(rel);
    return e.name.endsWith(".test.ts") ? [rel] : [];
  });
}
const files = testFiles();
const kind = (file: string) => {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  return SERVER.test(text) ? "server" : PROCESS.test(text) ? "process" : DB.test(text) ? "db" : "unit";
};
const byKind: Record<string, string[]> = { unit: [], db: [], process: [], server: [] };
for (const file of files) byKind[kind(file)].push(file);

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(root),
      // `server-only` throws outside React Server Components; tests run server code directly.
      "server-only": path.resolve(root, "lib/testing/server-only-noop.ts"),
    },
  },
  test: {
    environment: "node",
    // Migrates one database that every test file's own database starts as a copy of.
    globalSetup: ["lib/testing/template-database.ts"],
    // A test that hangs fails in seconds rather than holding the run. The slowest tests (a kill -9
    // and restart of two production servers; a few hundred requests in one test) take about 10 s
    // on SQLite on a loaded machine, and up to three times that against PostgreSQL.
    testTimeout: process.env.TEST_PG_ADMIN_URL ? 60_000 : 20_000,
    hookTimeout: 60_000,
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 4),
    projects: [
      { extends: true, test: { name: "unit", include: byKind.unit, pool: "threads", isolate: false } },
      // Not isolated: a file's imports stay loaded for the next file in its worker (half the project's
      // time was importing the app afresh); lib/testing/file-reset.ts puts back what a file changed.
      { extends: true, test: { name: "db", include: byKind.db, pool: "threads", isolate: false, setupFiles: ["lib/testing/file-reset.ts"] } },
      { extends: true, test: { name: "process", include: byKind.process, pool: "forks" } },
      { extends: true, test: { name: "server", include: byKind.server, pool: "forks" } },
    ],
  },
});
