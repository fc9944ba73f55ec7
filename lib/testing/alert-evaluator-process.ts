/**
 * A second app process evaluating alert rules: the real evaluator tick (lib/alerts/evaluator.ts) at
 * the clock the test gives. Reads "tick <ms>" lines on stdin and answers each with the tick's report
 * as one JSON line; "stop" ends it. The once-across-instances test runs it beside the test's process.
 *
 * Run: node --conditions=react-server --import tsx lib/testing/alert-evaluator-process.ts
 * with DATABASE_PATH (or DATABASE_URL) set.
 */
import readline from "node:readline";
import { evaluateOnce } from "@/lib/alerts/evaluator";
import { closeDb, db } from "@/lib/core/client";

async function main() {
  db(); // open (and migrate) before saying ready
  process.stdout.write("ready\n");
  const rl = readline.createInterface({ input: process.stdin });
  for await (const line of rl) {
    const [word, at] = line.trim().split(" ");
    if (word === "stop") break;
    if (word === "tick") process.stdout.write(`${JSON.stringify(await evaluateOnce({ now: Number(at) }))}\n`);
  }
  rl.close();
  await closeDb();
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
