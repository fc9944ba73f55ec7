// Next calls register() once per server process at start: the campaign dispatcher (issue 10) and
// the post-call analysis worker (issue 21) live inside `npm start`, so no second process is
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
  // Signed webhooks out (issue 23): the delivery worker, unless WEBHOOK_DELIVERY=off.
  const { startWebhookWorkerFromConfig } = await import("./lib/webhooks/worker-loop");
  startWebhookWorkerFromConfig();
  // Alert rules (issue 23): checked every minute unless ALERTS=off.
  const { startAlertEvaluatorFromConfig } = await import("./lib/alerts/worker-loop");
  startAlertEvaluatorFromConfig();
  // Agent test runs (issue 22): queued tests are played unless TEST_RUNS_WORKER=off.
  const { startTestRunsWorkerFromConfig } = await import("./lib/agents/tests/worker-loop");
  startTestRunsWorkerFromConfig();
}
