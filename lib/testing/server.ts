import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

/** A free loopback port, picked by the OS. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/** Where `next build` wrote: .next, or NEXT_DIST_DIR (next.config.mjs) for a second build in the same checkout. */
export const buildDir = (): string => process.env.NEXT_DIST_DIR || ".next";
/** Whether a production build is there to start (`sub`: a file of one route it must have). */
export const hasBuild = (sub = "BUILD_ID"): boolean => fs.existsSync(path.join(process.cwd(), buildDir(), sub));

export interface RunningServer { url: string; port: number; proc: ChildProcess; stop(signal?: NodeJS.Signals): Promise<void> }

/**
 * Starts the real production server (`next start`, from the build in .next) on 127.0.0.1 against
 * the given SQLite file or PostgreSQL URL, and waits for /api/health. Tests that need real HTTP, several processes or
 * kill -9 use this; `npm test` builds first.
 */
export async function startServer(database: string, env: Record<string, string> = {}): Promise<RunningServer> {
  if (!hasBuild()) throw new Error(`No production build in ${buildDir()}: run \`npm run build\` first (npm test does).`);
  const port = await freePort();
  // BENCH_SERVER_PROFILE=<dir>: the server writes a CPU profile there when it stops (the bench's hot paths under next start).
  const profile = process.env.BENCH_SERVER_PROFILE;
  const next = path.join(process.cwd(), "node_modules", "next", "dist", "bin", "next");
  const proc = spawn(process.execPath, [...(profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : []), next, "start", "-p", String(port), "-H", "127.0.0.1"], {
    env: { ...process.env, NODE_ENV: "production", ...(database.startsWith("postgres") ? { DATABASE_URL: database } : { DATABASE_PATH: database }), LOG_LEVEL: "silent", NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  proc.stdout!.on("data", (d) => (output += d));
  proc.stderr!.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited early (${proc.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`server did not become healthy in 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = (signal: NodeJS.Signals = "SIGTERM") =>
    new Promise<void>((resolve) => {
      if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
      proc.once("exit", () => resolve());
      proc.kill(signal);
    });
  return { url, port, proc, stop };
}
