// A second app process for the "once across instances" tests: a script under lib/testing run with
// tsx on the test's database, talking in lines (it prints "ready" once its database is open, and
// stops on a "stop" line). Both sides live here: startAppChild in the test, serveLoopUntilStop in
// the script.
import { spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { closeDb, db } from "@/lib/core/client";

export interface AppChild {
  /** The child's stdout lines after "ready". */
  lines: AsyncIterator<string>;
  send(line: string): void;
  /** Sends "stop" and waits for the process to exit. */
  stop(): Promise<void>;
}

/** Spawns lib/testing/<script> on `database` (a PostgreSQL URL or a SQLite path); resolves once it printed "ready". */
export async function startAppChild(script: string, database: string, env: Record<string, string> = {}): Promise<AppChild> {
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join("lib", "testing", script)], {
    env: { ...process.env, ...env, ...(database.startsWith("postgres") ? { DATABASE_URL: database } : { DATABASE_PATH: database }) },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const first = await lines.next();
  if (first.value !== "ready") {
    child.kill();
    throw new Error(`${script} did not say ready (first line: ${JSON.stringify(first.value)})`);
  }
  return {
    lines,
    send: (line) => void child.stdin!.write(`${line}\n`),
    async stop() {
      child.stdin!.end("stop\n");
      await exited;
    },
  };
}

/**
 * The script side for a background loop (lib/core/loop.ts): opens (and migrates) the database, starts
 * the loop, says "ready", and on "stop" stops it (the tick under way finishes), closes the database
 * and says "stopped".
 */
export async function serveLoopUntilStop(start: () => { stop(): Promise<void> }): Promise<void> {
  try {
    db(); // open (and migrate) before saying ready
    const loop = start();
    process.stdout.write("ready\n");
    const rl = readline.createInterface({ input: process.stdin });
    for await (const line of rl) if (line.trim() === "stop") break;
    rl.close();
    await loop.stop();
    await closeDb();
    process.stdout.write("stopped\n");
  } catch (err) {
    process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  }
}
