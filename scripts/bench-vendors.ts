import { migrateDatabase } from "@/lib/core/client";
import { createEngine, getEngine } from "@/lib/engines/db";
import { adapterFor } from "@/lib/engines/registry";
import { syncEngine } from "@/lib/engines/sync";
import { spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { newAccountWithToken } from "@/lib/testing/harness";
import { freshBenchDatabase } from "./support/bench-database";
import { printSideBySide, type BenchRow } from "./support/bench-kit";
import { benchVendorWebhooks } from "./bench-vendor-webhooks";

// Vapi and Retell syncs: BENCH_VENDOR_CALLS (100,000) calls seeded in a local fake of each vendor's
// API, pulled through the official SDK into a fresh database by the same function the background
// run uses (lib/engines/sync.ts), then pulled again (every call already stored: the merge finds
// nothing new). Target: importing is never the slow part, ≥ 2,000 calls/s on SQLite and ≥ 1,000 on
// PostgreSQL. Run alone: `BENCH_ONLY=vendors npm run bench` (or bench:pg).

const CALLS = Number(process.env.BENCH_VENDOR_CALLS ?? 100_000);
const DAY = 86_400_000;

async function timedSync(engineId: string, accountId: string, range: { from: number; to: number }) {
  const engine = (await getEngine(accountId, engineId))!;
  const started = performance.now();
  const p = await syncEngine(engine, range);
  const s = (performance.now() - started) / 1000;
  const n = p.imported + p.updated + p.unchanged;
  return { ...p, s, rate: n / s, storeRate: n / (p.store_ms / 1000) };
}

interface Fakes {
  vapi: { url: string; apiKey: string; phoneNumberId: string };
  retell: { url: string; apiKey: string; fromNumber: string };
  stop(): Promise<void>;
}

/** The fakes in a child process (scripts/support/bench-vendor-fakes.ts): their CPU is not ours, as with the real vendors. */
async function startFakes(to: number): Promise<Fakes> {
  const script = path.join(process.cwd(), "scripts", "support", "bench-vendor-fakes.ts");
  const proc = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", script], {
    env: { ...process.env, BENCH_VENDOR_CALLS: String(CALLS), BENCH_VENDOR_TO: String(to) }, stdio: ["ignore", "pipe", "inherit"],
  });
  const line = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: proc.stdout! }).once("line", resolve);
    proc.once("exit", (code) => reject(new Error(`the fakes exited (${code})`)));
  });
  const stop = () => new Promise<void>((resolve) => (proc.exitCode !== null ? resolve() : (proc.once("exit", () => resolve()), proc.kill("SIGTERM"))));
  return { ...JSON.parse(line), stop };
}

async function benchVendors(postgresAdminUrl?: string): Promise<BenchRow[]> {
  process.env.TOOL_TARGET_ALLOWLIST = "127.0.0.1"; // the fakes (read when the bench database resets the configuration)
  const bench = await freshBenchDatabase("vendors", postgresAdminUrl);
  await migrateDatabase();
  const to = Date.now() - DAY, from = to - 30 * DAY;
  const fakes = await startFakes(to);
  const { vapi, retell } = fakes;
  try {
    const who = await newAccountWithToken("Bench vendors");
    const make = async (body: Parameters<NonNullable<ReturnType<typeof adapterFor>["prepare"]>>[0]) =>
      (await createEngine(who.accountId, adapterFor(body.provider).prepare!(body, "http://127.0.0.1"))).id;
    const vapiId = await make({ name: "Vapi", provider: "vapi", api_key: vapi.apiKey, base_url: vapi.url, phone_number_id: vapi.phoneNumberId });
    const retellId = await make({ name: "Retell", provider: "retell", api_key: retell.apiKey, base_url: retell.url, from_number: retell.fromNumber });
    const range = { from, to };
    const rows: BenchRow[] = [];
    for (const [name, id] of [["Vapi", vapiId], ["Retell", retellId]] as const) {
      console.error(`  ${name}: first sync of ${CALLS} calls…`);
      const first = await timedSync(id, who.accountId, range);
      rows.push({ label: `${name}: first sync (every call new)`, n: first.imported, value: `${first.rate.toFixed(0)} calls/s (${first.s.toFixed(1)} s, ${first.pages} pages)` });
      // The storing alone (the rest of the time the sync waited on the vendor's answers, and parsed them).
      rows.push({ label: `${name}: first sync, storing only`, n: first.imported, value: `${first.storeRate.toFixed(0)} calls/s (${(first.store_ms / 1000).toFixed(1)} s)` });
      console.error(`  ${name}: second sync…`);
      const again = await timedSync(id, who.accountId, range);
      rows.push({ label: `${name}: sync again (every call known)`, n: again.unchanged, value: `${again.rate.toFixed(0)} calls/s (${again.s.toFixed(1)} s)` });
    }
    return rows;
  } finally {
    await fakes.stop();
    await bench.restore();
  }
}

export const VENDORS_TITLE = `13. Vapi and Retell: syncs of ${CALLS} calls per vendor from local fakes through the SDKs (target ≥ 2,000 calls/s SQLite, ≥ 1,000 PostgreSQL); their webhooks at 8 concurrent vs reads (target ≥ x0.5)`;

export async function benchVendorsSection(postgresAdminUrl?: string): Promise<void> {
  console.error(`SQLite: ${VENDORS_TITLE}`);
  const columns = [{ name: "SQLite", rows: [...await benchVendors(), ...await benchVendorWebhooks()] }];
  if (postgresAdminUrl) {
    console.error(`PostgreSQL: ${VENDORS_TITLE}`);
    columns.push({ name: "PostgreSQL", rows: [...await benchVendors(postgresAdminUrl), ...await benchVendorWebhooks(postgresAdminUrl)] });
  }
  printSideBySide(VENDORS_TITLE, columns);
}
