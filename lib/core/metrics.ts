import "server-only";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

// Figures for a Prometheus scraper (GET /metrics). One registry per process, kept on globalThis
// like the database handle: Next may evaluate this module more than once, and prom-client refuses
// a second metric of the same name in one registry. Labels carry names of our own code (a loop's
// name, a queue's, a route's pattern with its [params], a provider), never an account's data.

interface Metrics {
  registry: Registry;
  loopTicks: Counter<"loop" | "outcome">;
  loopLastTick: Gauge<"loop">;
  queueDepth: Gauge<"queue">;
  queueOldest: Gauge<"queue">;
  queueJobs: Counter<"queue" | "outcome">;
  callsIngested: Counter<"provider" | "outcome">;
  webhookDelivery: Histogram<"endpoint" | "outcome">;
  httpDuration: Histogram<"method" | "route" | "status">;
  liveTicks: Counter;
  liveMarkerReads: Counter;
  liveStreams: Gauge;
}

const g = globalThis as unknown as { __voxdeskMetrics?: Metrics };

function create(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "voxdesk_" });
  return {
    registry,
    loopTicks: new Counter({
      name: "voxdesk_loop_ticks_total",
      help: "Ticks of each background loop that ran to their end, by outcome (ok or error).",
      labelNames: ["loop", "outcome"] as const,
      registers: [registry],
    }),
    loopLastTick: new Gauge({
      name: "voxdesk_loop_last_tick_seconds",
      help: "When each background loop last finished a tick (Unix time, seconds).",
      labelNames: ["loop"] as const,
      registers: [registry],
    }),
    queueDepth: new Gauge({
      name: "voxdesk_queue_depth", help: "Jobs waiting or under way in each background queue (read from the database when scraped).",
      labelNames: ["queue"] as const, registers: [registry],
    }),
    queueOldest: new Gauge({
      name: "voxdesk_queue_oldest_job_age_seconds", help: "Age of the oldest job waiting or under way in each queue; 0 when it is empty.",
      labelNames: ["queue"] as const, registers: [registry],
    }),
    queueJobs: new Counter({
      name: "voxdesk_queue_jobs_total", help: "Jobs this instance ended or put back, by queue and outcome (done, failed, retried).",
      labelNames: ["queue", "outcome"] as const, registers: [registry],
    }),
    callsIngested: new Counter({
      name: "voxdesk_calls_ingested_total", help: "Call reports this instance ingested, by the engine's provider and what they did (imported, updated, unchanged).",
      labelNames: ["provider", "outcome"] as const, registers: [registry],
    }),
    webhookDelivery: new Histogram({
      name: "voxdesk_webhook_delivery_seconds", help: "Time of each webhook attempt this instance made, from the request to the answer, by endpoint id and outcome (success, failed).",
      labelNames: ["endpoint", "outcome"] as const, registers: [registry],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
    }),
    httpDuration: new Histogram({
      name: "voxdesk_http_request_duration_seconds", help: "Time to answer (until the response's headers), by method, route pattern and status.",
      labelNames: ["method", "route", "status"] as const, registers: [registry],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
    liveTicks: new Counter({
      name: "voxdesk_live_ticks_total", help: "Ticks of this instance's live-update poller (lib/calls/live-hub.ts) that read markers.",
      registers: [registry],
    }),
    liveMarkerReads: new Counter({
      name: "voxdesk_live_marker_reads_total", help: "Accounts' call change markers read by the live-update poller: one per account with open streams per tick, however many streams.",
      registers: [registry],
    }),
    liveStreams: new Gauge({
      name: "voxdesk_live_streams", help: "Event streams (GET /api/events) open on this instance.", registers: [registry],
    }),
  };
}

/** `count` background jobs ended (done, failed) or were put back for a retry (retried). */
export function recordJob(queue: string, outcome: "done" | "failed" | "retried", count = 1) {
  metrics().queueJobs.inc({ queue, outcome }, count);
}

/** One report of a call went through ingest. */
export function recordIngest(provider: string, outcome: string) {
  metrics().callsIngested.inc({ provider, outcome });
}

/** One webhook attempt made (lib/webhooks/worker.ts): its endpoint's id, never its URL. */
export function recordWebhookAttempt(endpointId: string, ok: boolean, seconds: number) {
  metrics().webhookDelivery.observe({ endpoint: endpointId, outcome: ok ? "success" : "failed" }, seconds);
}

/** One request answered by the route wrapper. */
export function recordRequest(method: string, route: string, status: number, seconds: number) {
  metrics().httpDuration.observe({ method, route, status: String(status) }, seconds);
}

/** The queues' figures as read when scraped (lib/core/queue-depth.ts). */
export function setQueueFigures(figures: readonly { queue: string; depth: number; oldestSeconds: number }[]) {
  const m = metrics();
  for (const f of figures) {
    m.queueDepth.set({ queue: f.queue }, f.depth);
    m.queueOldest.set({ queue: f.queue }, f.oldestSeconds);
  }
}

export const metrics = (): Metrics => (g.__voxdeskMetrics ??= create());

/** A loop's tick ended (lib/core/loop.ts). */
export function recordTick(loop: string, ok: boolean) {
  const m = metrics();
  m.loopTicks.inc({ loop, outcome: ok ? "ok" : "error" });
  m.loopLastTick.set({ loop }, Date.now() / 1000);
}

/** The live-update poller read `accounts` markers: in one tick (tick true) or for an account's first stream. */
export function recordMarkerReads(accounts: number, tick: boolean) {
  const m = metrics();
  if (tick) m.liveTicks.inc();
  m.liveMarkerReads.inc(accounts);
}

/** An event stream opened (+1) or ended (-1). */
export const recordStream = (delta: 1 | -1) => metrics().liveStreams.inc(delta);

/** The text a scraper reads, and its content type. */
export async function exposition(): Promise<{ body: string; contentType: string }> {
  const { registry } = metrics();
  return { body: await registry.metrics(), contentType: registry.contentType };
}
