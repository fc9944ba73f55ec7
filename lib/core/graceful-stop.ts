import "server-only";
import { logError } from "@/lib/http/log";
import { config } from "./config";
import { stopAllLoops } from "./loop";

// A graceful stop of `next start`: on SIGTERM or SIGINT every background loop of this process stops
// claiming, the jobs under way get STOP_DEADLINE_MS to end and what is still held is then released
// (lib/core/job-queue.ts), so the next instance takes it at once instead of waiting for a lease to
// lapse. Then the handlers that were there before ours run (Next's: it closes the server and exits).

const SIGNALS = ["SIGTERM", "SIGINT"] as const;
/** Past the deadline, the loops that are not job queues (a dispatcher's dial, an alert mail) get this much more. */
const MARGIN_MS = 5_000;
const g = globalThis as unknown as { __voxdeskGracefulStop?: boolean };

export function stopLoopsOnSignals(): void {
  // instrumentation.ts may run twice in one process (dev reloads): one set of listeners.
  if (g.__voxdeskGracefulStop) return;
  g.__voxdeskGracefulStop = true;
  let stopping = false;
  for (const signal of SIGNALS) {
    const before = process.listeners(signal);
    process.removeAllListeners(signal);
    process.on(signal, () => {
      const exit = () => {
        for (const listener of before) listener(signal);
        if (!before.length) process.exit(signal === "SIGTERM" ? 143 : 130);
      };
      // A second signal does not wait.
      if (stopping) return exit();
      stopping = true;
      const deadline = new Promise((r) => setTimeout(r, config().STOP_DEADLINE_MS + MARGIN_MS).unref());
      Promise.race([stopAllLoops(), deadline])
        .catch((err: unknown) => logError("graceful stop failed", { err }))
        .finally(exit);
    });
  }
}
