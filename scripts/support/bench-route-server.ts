import * as details from "@/app/api/details/route";
import * as ingest from "@/app/api/ingest/[engine_id]/route";
import * as webhook from "@/app/api/webhooks/[provider]/[secret]/route";
import { startRouteServer } from "@/lib/testing/route-server";

// For scripts/bench-ingest.ts without a production build (BENCH_INGEST_SERVER=route, or no .next):
// the real webhook and details route handlers behind a plain node:http server, in a process of its
// own (as `next start` would be), on the database named by DATABASE_PATH or DATABASE_URL. Prints
// {"port": n} once listening. Run it under `node --cpu-prof` (via tsx) to profile the ingest path.

async function main() {
  const app = await startRouteServer([
    [/^\/api\/webhooks\/(?<provider>[^/]+)\/(?<secret>[^/]+)$/, webhook],
    [/^\/api\/ingest\/(?<engine_id>[^/]+)$/, ingest],
    [/^\/api\/details$/, details],
  ]);
  console.log(JSON.stringify({ port: Number(new URL(app.origin).port) }));
  const stop = () => void app.close().then(() => {
    const group = (globalThis as { __voxdeskGroupCommit?: { commits: number; writes: number } }).__voxdeskGroupCommit;
    if (group?.commits) console.error(`route server: ${group.writes} grouped writes in ${group.commits} commits`);
    process.exit(0);
  });
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
