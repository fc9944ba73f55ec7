/**
 * A second app process analysing calls: the real analysis worker loop (lib/analysis/worker-loop.ts)
 * ticking every 20 ms until it reads "stop" on stdin, then it prints how many analyses it wrote.
 * The exactly-once test runs it beside a worker in the test's own process, on one database.
 *
 * Run: node --conditions=react-server --import tsx lib/testing/analysis-worker-process.ts
 * with DATABASE_PATH (or DATABASE_URL) and TOOL_TARGET_ALLOWLIST set.
 */
import readline from "node:readline";
import { startAnalysisWorker } from "@/lib/analysis/worker-loop";
import { closeDb, db } from "@/lib/core/client";

async function main() {
  db(); // open (and migrate) before saying ready
  const worker = startAnalysisWorker({ tickMs: 20, concurrency: 2, backoffMs: [10], keepAlive: true });
  process.stdout.write("ready\n");
  const rl = readline.createInterface({ input: process.stdin });
  for await (const line of rl) if (line.trim() === "stop") break;
  rl.close();
  await worker.stop();
  await closeDb();
  process.stdout.write("stopped\n");
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
