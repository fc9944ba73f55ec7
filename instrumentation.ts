// Next calls register() once per server process at start: the campaign dispatcher and
// the post-call analysis worker live inside `npm start`, so no second process is
// needed. Route handlers learn the socket's peer address through the header stamped here
// (lib/http/peer.ts): Next gives them no other way.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { stampPeerOnRequests } = await import("./lib/http/peer");
  stampPeerOnRequests();
  const { startDispatcherFromConfig } = await import("./lib/campaigns/dispatcher-loop");
  startDispatcherFromConfig();
  const { startAnalysisWorkerFromConfig } = await import("./lib/analysis/worker-loop");
  startAnalysisWorkerFromConfig();
  // Signed webhooks out: the delivery worker, unless WEBHOOK_DELIVERY=off.
  const { startWebhookWorkerFromConfig } = await import("./lib/webhooks/worker-loop");
  startWebhookWorkerFromConfig();
  // Alert rules: checked every minute unless ALERTS=off.
  const { startAlertEvaluatorFromConfig } = await import("./lib/alerts/worker-loop");
  startAlertEvaluatorFromConfig();
  // Agent test runs: queued tests are played unless TEST_RUNS_WORKER=off.
  const { startTestRunsWorkerFromConfig } = await import("./lib/agents/tests/worker-loop");
  startTestRunsWorkerFromConfig();
  // Carriers' prices of finished calls, asked for until known unless CARRIER_PRICES=off.
  const { startPriceWorkerFromConfig } = await import("./lib/engines/price-worker");
  startPriceWorkerFromConfig();
  // Engine syncs asked for through the API, pulled in the background (any instance takes them).
  const { startSyncWorkerFromConfig } = await import("./lib/engines/sync-worker");
  startSyncWorkerFromConfig();
  // SIGTERM or SIGINT: the loops stop claiming and put back what they hold, then Next exits.
  const { stopLoopsOnSignals } = await import("./lib/core/graceful-stop");
  stopLoopsOnSignals();
}
