import { afterAll, vi } from "vitest";
import { closeDb } from "@/lib/core/client";
import { resetConfigForTests } from "@/lib/core/config";

// The db project's files share their worker's loaded modules (no isolation: a file would otherwise
// import the app afresh, about half the project's time). What a file changes for itself is put back
// after it, so the next file in the worker starts as if alone: the environment as the worker began
// with it, the configuration read again, no open database, real timers and no spies.

const key = Symbol.for("voxdesk.test.initialEnv");
const store = globalThis as unknown as Record<symbol, Record<string, string | undefined>>;
store[key] ??= { ...process.env };
const initial = store[key];

afterAll(async () => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  await closeDb();
  for (const name of Object.keys(process.env)) if (!(name in initial)) delete process.env[name];
  Object.assign(process.env, initial);
  resetConfigForTests();
});
