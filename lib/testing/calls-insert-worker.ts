/**
 * A second app process that keeps writing: inserts calls in small transactions (20 a batch) through
 * the real insertCalls until it reads "stop" on stdin, printing the running total after each batch.
 * The backup test copies the database while this runs.
 *
 * Run: node --conditions=react-server --import tsx lib/testing/calls-insert-worker.ts
 * with DATABASE_PATH (or DATABASE_URL) and ACCOUNT_ID set.
 */
import readline from "node:readline";
import { insertCalls } from "@/lib/calls/db/calls";
import { closeDb, db } from "@/lib/core/client";

async function main() {
  const accountId = process.env.ACCOUNT_ID ?? "";
  let stop = false;
  const rl = readline.createInterface({ input: process.stdin });
  rl.on("line", (line) => {
    if (line.trim() === "stop") stop = true;
  });
  db(); // open (and migrate) before saying ready
  process.stdout.write("ready\n");
  let total = 0;
  for (let batch = 0; !stop; batch++) {
    const rows = Array.from({ length: 20 }, (_, i) => ({
      call_sid: `worker-${process.pid}-${batch}-${i}`, agent_id: "worker-agent", name: "Worker", from_number: "+14155550100",
      to_number: "+14155550111", duration: 30 + i, recording_url: "", transcription: `Agent: batch ${batch}`,
      status: i % 3 ? "completed" : "failed", cost: 0.01 * i, call_type: "outbound",
      created_at: new Date(Date.UTC(2025, 5, 1 + (batch % 28), 9, 0, i)).toISOString(),
    }));
    total += (await insertCalls(accountId, rows)).inserted;
    process.stdout.write(`${total}\n`);
    await new Promise((r) => setTimeout(r, 2));
  }
  rl.close();
  await closeDb();
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
