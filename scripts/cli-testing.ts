import { execFile } from "node:child_process";
import path from "node:path";
import { expect } from "vitest";
import * as details from "@/app/api/details/route";
import * as summary from "@/app/api/details/summary/route";
import { rawCallTotals, rollupTotals } from "@/lib/core/operator";
import { call } from "@/lib/testing/harness";

// Helpers for the CLI end-to-end tests: run the real CLI as `npm run cli` does, and check what it
// wrote through the real route handlers.

const ROOT = path.resolve(import.meta.dirname, "..");
const TSX = path.join(ROOT, "node_modules", ".bin", "tsx");

export interface CliResult { code: number; stdout: string; json: Record<string, unknown> & { error?: string } }

export function runCli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    execFile(
      TSX, ["--conditions=react-server", "scripts/cli.ts", ...args],
      { cwd: ROOT, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === "number" ? err.code : -1) : 0;
        const lines = stdout.trim().split("\n");
        if (lines.length !== 1) return reject(new Error(`expected one line of JSON on stdout, got:\n${stdout}\nstderr:\n${stderr}`));
        try {
          resolve({ code, stdout, json: JSON.parse(lines[0]) });
        } catch {
          reject(new Error(`stdout is not JSON:\n${stdout}\nstderr:\n${stderr}`));
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
