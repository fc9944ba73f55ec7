import { execFile } from "node:child_process";
import path from "node:path";
import { expect } from "vitest";
import * as details from "@/app/api/details/route";
import * as summary from "@/app/api/details/summary/route";
import { resetConfigForTests } from "@/lib/core/config";
import { rawCallTotals, rollupTotals } from "@/lib/core/operator";
import { call } from "@/lib/testing/harness";
import { runCommand } from "./commands/run";

// Helpers for the CLI tests: run the real CLI's command table with the given environment, and
// check what it wrote through the real route handlers. runCli runs it in this process (a tsx
// start costs seconds per command); spawnCli runs `scripts/cli.ts` as `npm run cli` does, for the
// tests of the entry itself (its stdout and exit code).

const ROOT = path.resolve(import.meta.dirname, "..");
const TSX = path.join(ROOT, "node_modules", ".bin", "tsx");

export interface CliResult { code: number; stdout: string; json: Record<string, unknown> & { error?: string } }

/** The CLI in this process: `env` is in force for the command only, as if it were the child's. */
export async function runCli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const saved = new Map(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  resetConfigForTests();
  let stdout = "";
  let code: number;
  try {
    code = await runCommand(args, (line) => void (stdout += line));
  } finally {
    for (const [k, v] of saved) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetConfigForTests();
  }
  return parseResult(code, stdout, "");
}

function parseResult(code: number, stdout: string, stderr: string): CliResult {
  const lines = stdout.trim().split("\n");
  if (lines.length !== 1) throw new Error(`expected one line of JSON on stdout, got:\n${stdout}\nstderr:\n${stderr}`);
  try {
    return { code, stdout, json: JSON.parse(lines[0]) };
  } catch {
    throw new Error(`stdout is not JSON:\n${stdout}\nstderr:\n${stderr}`);
  }
}

/** The CLI as its own process (`npm run cli`), for what only the entry does: stdout and the exit code. */
export function spawnCli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    execFile(
      TSX, ["--conditions=react-server", "scripts/cli.ts", ...args],
      { cwd: ROOT, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === "number" ? err.code : -1) : 0;
        try {
          resolve(parseResult(code, stdout, stderr));
        } catch (e) {
          reject(e);
        }
      },
    );
  });
}

export async function getDetails(token: string, query = "") {
  return call(details.GET, "GET", `/api/details${query}`, { token });
}

/** The rollup, the summary endpoint and a scan of `calls` must agree to the cent and second. */
export async function expectSummaryMatchesCalls(accountId: string, token: string, from: string, to: string) {
  const raw = await rawCallTotals(accountId);
  const rollup = await rollupTotals(accountId);
  expect(rollup.calls).toBe(raw.calls);
  expect(rollup.completed).toBe(raw.completed);
  expect(rollup.duration).toBeCloseTo(raw.duration, 6);
  expect(rollup.cost).toBeCloseTo(raw.cost, 6);
  const res = await call(summary.GET, "GET", `/api/details/summary?from=${from}&to=${to}`, { token });
  expect(res.status).toBe(200);
  expect(res.json.totals.calls).toBe(raw.calls);
  expect(res.json.totals.completed).toBe(raw.completed);
  expect(res.json.totals.duration).toBeCloseTo(raw.duration, 1);
  expect(res.json.totals.cost).toBeCloseTo(raw.cost, 3);
  return raw;
}
