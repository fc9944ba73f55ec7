// Next calls register() once per server process at start: the campaign dispatcher lives inside
// `npm start` (issue 10), so no second process is needed.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startDispatcherFromConfig } = await import("./lib/campaigns/dispatcher-loop");
  startDispatcherFromConfig();
}
