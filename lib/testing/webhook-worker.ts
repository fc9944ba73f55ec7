/**
 * A second app instance that only delivers webhooks: ticks the real delivery worker every 5 ms until
 * it reads "stop" on stdin, then prints how many attempts it made. The exactly-once test runs it
 * beside the test process's own worker on one database.
 *
 * Run: node --conditions=react-server --import tsx lib/testing/webhook-worker.ts
 * with DATABASE_PATH (or DATABASE_URL, SECRET_KEY) and TOOL_TARGET_ALLOWLIST set.
 */
import readline from "node:readline";
import { closeDb } from "@/lib/core/client";
import { ping } from "@/lib/core/prepared";
import { deliveryTick } from "@/lib/webhooks/worker";

async function main() {
  let stop = false;
  const rl = readline.createInterface({ input: process.stdin });
  rl.on("line", (line) => {
    if (line.trim() === "stop") stop = true;
  });
  await ping(); // open (and migrate) before saying ready
  process.stdout.write("ready\n");
  const lanes: Promise<{ sent: number }>[] = [];
  while (!stop) {
    lanes.push((await deliveryTick({ batch: 5 })).done);
    await new Promise((r) => setTimeout(r, 5));
  }
  const sent = (await Promise.all(lanes)).reduce((n, r) => n + r.sent, 0);
  process.stdout.write(`sent ${sent}\n`);
  rl.close();
  await closeDb();
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
