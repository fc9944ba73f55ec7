import * as chat from "@/app/api/agent/[id]/test-chat/route";
import { startRouteServer } from "@/lib/testing/route-server";

// For scripts/bench-test-chat.ts without a production build holding the test chat: the real
// test-chat route handler behind a plain node:http server, in a process of its own (as `next start`
// would be), on the database named by DATABASE_PATH or DATABASE_URL. Prints {"port": n} once listening.

async function main() {
  const app = await startRouteServer([[/^\/api\/agent\/(?<id>[^/]+)\/test-chat$/, chat]]);
  console.log(JSON.stringify({ port: Number(new URL(app.origin).port) }));
  const stop = () => void app.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
