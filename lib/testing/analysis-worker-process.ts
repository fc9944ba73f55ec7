/**
 * A second app process analysing calls: the real analysis worker loop (lib/analysis/worker-loop.ts)
 * ticking every 20 ms until it reads "stop" on stdin (lib/testing/app-child.ts). The exactly-once
 * test runs it beside a worker in the test's own process, on one database.
 *
 * Run: node --conditions=react-server --import tsx lib/testing/analysis-worker-process.ts
 * with DATABASE_PATH (or DATABASE_URL) and TOOL_TARGET_ALLOWLIST set.
 */
import { startAnalysisWorker } from "@/lib/analysis/worker-loop";
import { serveLoopUntilStop } from "./app-child";

void serveLoopUntilStop(() => startAnalysisWorker({ tickMs: 20, concurrency: 2, backoffMs: [10], keepAlive: true }));
