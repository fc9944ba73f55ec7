/**
 * A second app process playing agent tests: the real test-runs loop (lib/agents/tests/worker-loop.ts)
 * ticking every 50 ms until it reads "stop" on stdin (lib/testing/app-child.ts). The once-only test
 * runs it beside workers in the test's own process, on one database.
 *
 * Run: node --conditions=react-server --import tsx lib/testing/test-runs-worker-process.ts
 * with DATABASE_PATH (or DATABASE_URL) and TOOL_TARGET_ALLOWLIST set.
 */
import { startTestRunsWorker } from "@/lib/agents/tests/worker-loop";
import { serveLoopUntilStop } from "./app-child";

void serveLoopUntilStop(() => startTestRunsWorker({ tickMs: 50, concurrency: 2, keepAlive: true }));
