import { startDispatcher } from "@/lib/campaigns/dispatcher-loop";
import { config } from "@/lib/core/config";
import { ping } from "@/lib/core/prepared";
import { startWebhookWorker } from "@/lib/webhooks/worker-loop";
import { startAnalysisWorker } from "@/lib/analysis/worker-loop";
import { startAlertEvaluator } from "@/lib/alerts/worker-loop";
import { startTestRunsWorker } from "@/lib/agents/tests/worker-loop";
import { startSyncWorker } from "@/lib/engines/sync-worker";
import { startPriceWorker } from "@/lib/engines/price-worker";
import { CliError, parseFlags } from "./args";

const USAGE = "worker [--tick-ms MS]";

/**
 * `worker` → {"stopped": true, "signal", "ticks", "dialled", "delivered"} once stopped: the campaign
 * dispatcher and the webhook delivery worker in the foreground, for operators who run `next start` with
 * CAMPAIGN_DISPATCHER=off (or WEBHOOK_DELIVERY=off) and want dialling (or sending) in its own process
 * (or on its own machine). It is the same loop `next start` runs, so workers and app instances may tick
 * against one database together. SIGINT or SIGTERM stops it after the tick under way (a dial is never
 * cut off between its claim and its POST /call; an attempt under way is recorded); the job queues'
 * jobs under way get STOP_DEADLINE_MS to end and are then put back for another instance to take at
 * once (lib/core/job-queue.ts); a second signal kills it.
 */
export async function worker(args: string[]) {
  const { values } = parseFlags(args, { "tick-ms": { type: "string" } }, USAGE);
  const tickMs = values["tick-ms"] === undefined ? config().CAMPAIGN_TICK_MS : Number(values["tick-ms"]);
  // The same bounds as CAMPAIGN_TICK_MS (lib/core/config.ts).
  if (!Number.isInteger(tickMs) || tickMs < 50 || tickMs > 60_000) throw new CliError(`--tick-ms must be an integer from 50 to 60000. Usage: ${USAGE}`);
  // Fail now, as {"error"}, on a database that cannot be opened or migrated, not inside the first tick.
  await ping();

  let ticks = 0;
  let dialled = 0;
  let delivered = 0;
  const dispatcher = startDispatcher({ tickMs, keepAlive: true, onTick: (r) => { ticks++; dialled += r.dialled; } });
  // Webhook deliveries too, unless WEBHOOK_DELIVERY=off keeps them in the app instances.
  const webhooks = config().WEBHOOK_DELIVERY === "off" ? null : startWebhookWorker({ keepAlive: true, onLanes: (r) => { delivered += r.succeeded; } });
  // Voxdesk's own post-call analysis too, unless ANALYSIS_WORKER=off here as well.
  const analysis = config().ANALYSIS_WORKER === "off" ? null : startAnalysisWorker({ keepAlive: true });
  // Alert rules too, unless ALERTS=off here as well.
  const alerts = config().ALERTS === "off" ? null : startAlertEvaluator({ keepAlive: true });
  // Agent test runs too, unless TEST_RUNS_WORKER=off here as well.
  const testRuns = config().TEST_RUNS_WORKER === "off" ? null : startTestRunsWorker({ keepAlive: true });
  // Engine syncs asked for through the API: any instance or worker may run them (leased).
  const syncs = startSyncWorker({ keepAlive: true });
  // Carriers' prices of finished calls too, unless CARRIER_PRICES=off here as well.
  const prices = config().CARRIER_PRICES === "off" ? null : startPriceWorker({ keepAlive: true });
  const where = config().DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : config().DATABASE_PATH;
  // The listeners go on before the line that says the worker runs: a signal sent on reading it must
  // meet them, not Node's default (which kills at once, exit 130).
  const signal = new Promise<NodeJS.Signals>((resolve) => {
    // The first signal stops gracefully; both listeners go, so a second one meets Node's default and kills.
    const on = (s: NodeJS.Signals) => {
      process.off("SIGINT", on);
      process.off("SIGTERM", on);
      resolve(s);
    };
    process.on("SIGINT", on);
    process.on("SIGTERM", on);
  });
  process.stderr.write(`worker: campaign dispatcher running on ${where}, a tick every ${tickMs} ms; SIGINT or SIGTERM stops it\n`);
  const stoppedBy = await signal;
  await Promise.all([dispatcher.stop(), webhooks?.stop(), analysis?.stop(), alerts?.stop(), testRuns?.stop(), syncs.stop(), prices?.stop()]);
  // Work abandoned past the deadline (released, so another instance has it) may still wait on the
  // network: it must not keep this process alive. The CLI prints and closes the database first.
  setTimeout(() => process.exit(), 1_000).unref();
  // The CLI closes the database after printing this object.
  return { stopped: true, signal: stoppedBy, ticks, dialled, delivered };
}
