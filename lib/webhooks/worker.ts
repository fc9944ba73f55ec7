import "server-only";
import { config } from "@/lib/core/config";
import { jobQueue, type JobContext, type JobQueue, type Outcome } from "@/lib/core/job-queue";
import { recordWebhookAttempt } from "@/lib/core/metrics";
import { guardedFetch } from "@/lib/outbound/guarded-fetch";
import { dueBatch, recordAttempts, type AttemptResult, type EndpointVerdict } from "./db/deliveries";
import { laneEndpoint, openLanes, WEBHOOK_LANES, type Lane, type LaneClaim } from "./db/lanes";
import { stepRecovers } from "./db/recover";
import { signingSecrets } from "./db/endpoints";
import { DISABLE_AFTER_MS } from "./retry";
import { sendOnce } from "./send";

// Webhook delivery, a handler of the one job queue (lib/core/job-queue.ts). The job is an
// endpoint's lane (db/lanes.ts): its holder sends the endpoint's due messages one after another, in
// message order, so a receiver sees them in order; lanes run side by side, so a receiver that hangs
// holds only its own. The lane's short lease is renewed while it sends, so a crashed instance's lane
// is taken up by another within JOB_LEASE_MS, later messages with it. Every record is written only
// while the lane's claim holds. A message's own attempts follow the retry schedule (./retry.ts).

/** Per attempt (Standard Webhooks suggests 15–30 s). */
export const DELIVERY_TIMEOUT_MS = 15_000;
/** Successful attempts recorded per commit at most (a crash re-sends at most these; receivers dedupe on webhook-id). */
const FLUSH_EVERY = 10;
/** A lane that caught up waits this long before reading again (well inside the 1 s p99 target). */
const GATHER_MS = 100;
/** A turn with a backlog ends after this long: the lane goes back, so instances share busy endpoints. */
const TURN_MS = 1_000;
/** Failures this close to the 5-day limit are recorded before the next attempt, so nothing is sent after a disable. */
const NEAR_DISABLE_MS = 15 * 60_000;
/** A lane's turn that threw waits 1 s, 5 s, 30 s, then a minute; its holders dying 5 times in a row end it for a minute. */
const LANE_BACKOFF_MS = [1_000, 5_000, 30_000, 60_000];
const LANE_ATTEMPTS = 5;
const SWEEP_MS = 10_000;

export interface TickOptions {
  /** The clock that schedules (tests move it); signatures always carry the real time of the attempt. */
  now?: number;
  timeoutMs?: number;
  /** Messages one read takes for one endpoint. */
  batch?: number;
  /** Lanes one process serves at once. */
  lanes?: number;
  allowlist?: string;
  /** How many times this process's emitter has rung (./wake.ts); a lane reads again when it moved. */
  rings?: () => number;
  /** How long a lane's claim holds unrenewed; JOB_LEASE_MS unless given. */
  leaseMs?: number;
}

export interface LaneReport { sent: number; succeeded: number; failed: number }
export interface TickReport { lanes: number; done: Promise<LaneReport> }

/** The delivery queue; `onTurn` hears each lane's turn as it ends. */
export function deliveryQueue(opts: TickOptions & { onTurn?: (r: LaneReport) => void } = {}): JobQueue {
  const clock = () => opts.now ?? Date.now();
  const queue = jobQueue<Lane>({
    name: "webhook lanes", table: WEBHOOK_LANES, concurrency: opts.lanes ?? 32, leaseMs: opts.leaseMs,
    maxAttempts: LANE_ATTEMPTS, backoffMs: (n) => LANE_BACKOFF_MS[Math.min(n, LANE_BACKOFF_MS.length) - 1],
    giveUp: "The lane's holder stopped or failed on each of its last attempts",
    describe: (lane) => ({ endpoint_id: lane.endpoint_id }),
  }, async (lane, ctx) => {
    const report: LaneReport = { sent: 0, succeeded: 0, failed: 0 };
    try {
      return await runLane(lane.endpoint_id, ctx, clock, opts, report);
    } finally {
      opts.onTurn?.(report);
    }
  });
  let swept = -Infinity;
  return {
    ...queue,
    async tick(now = new Date(clock())) {
      // Endpoints get their lane when created; the sweep for any without one is rare (first tick, then every 10 s).
      if (performance.now() - swept >= SWEEP_MS) {
        swept = performance.now();
        await openLanes(now.getTime());
      }
      return queue.tick(now);
    },
  };
}

/** One tick at `opts.now` in a queue of its own (tests, the CLI's helpers); `done` settles when its lanes end. */
export async function deliveryTick(opts: TickOptions = {}): Promise<TickReport> {
  const total: LaneReport = { sent: 0, succeeded: 0, failed: 0 };
  const queue = deliveryQueue({ ...opts, onTurn: (r) => {
    total.sent += r.sent;
    total.succeeded += r.succeeded;
    total.failed += r.failed;
  } });
  const lanes = await queue.tick();
  return { lanes, done: queue.idle().then(() => total) };
}

const ended = (v: EndpointVerdict) => v.disabled || !!v.lost;

async function runLane(endpointId: string, ctx: JobContext, clock: () => number, opts: TickOptions, report: LaneReport): Promise<Outcome> {
  const lane: LaneClaim = { endpointId, claim: ctx.claim, leaseMs: ctx.leaseMs };
  const timeoutMs = opts.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const batch = opts.batch ?? 50;
  const send = guardedFetch({ allowlist: opts.allowlist ?? config().TOOL_TARGET_ALLOWLIST, timeoutMs });
  const first = await laneEndpoint(endpointId);
  if (!first) return { kind: "done" };
  // Recover runs queue their next batch first, so this turn already sends it.
  await stepRecovers(endpointId, clock(), { lane, disabled: first.disabled === 1 });
  // Recording is pipelined: a run of results is committed while the lane sends the next ones (at most
  // one commit in flight, so they land in order). A result that may disable the endpoint (410, or
  // failures close to the 5-day limit) is recorded before the next attempt, so nothing is sent after it.
  let recording: Promise<EndpointVerdict> = Promise.resolve({ disabled: false });
  let unrecorded: AttemptResult[] = [];
  const flush = (): Promise<EndpointVerdict> => {
    const rs = unrecorded;
    unrecorded = [];
    recording = recording.then((v) => (ended(v) || rs.length === 0 ? v : recordAttempts(rs, lane)));
    recording.catch(() => {}); // awaited by the lane's next step, which reports it; never an unhandled rejection
    return recording;
  };
  // Stopping: what was sent is recorded, and the lane goes back for the next instance at once. A lost
  // claim writes nothing whatever this says.
  const stop: Outcome = { kind: "release" };
  const started = Date.now();
  for (;;) {
    const current = await laneEndpoint(endpointId);
    if (!current || current.disabled || ended(await recording)) return { kind: "done" };
    if (ctx.signal.aborted) return stop;
    const rings = opts.rings?.() ?? 0;
    const items = await dueBatch(endpointId, clock(), batch);
    const secrets = signingSecrets(current, clock());
    const nearDisable = (now: number) => current.failing_since !== null && now - Number(current.failing_since) >= DISABLE_AFTER_MS - NEAR_DISABLE_MS;
    for (const item of items) {
      if (ctx.signal.aborted) break; // no new attempt once stopping or lost; the one under way was finished
      const result = await sendOnce(send, current, secrets, item, clock(), timeoutMs);
      recordWebhookAttempt(endpointId, result.ok, result.durationMs / 1000);
      report.sent++;
      if (result.ok) report.succeeded++;
      else report.failed++;
      const now = clock();
      unrecorded.push({ endpoint: current, delivery: item, now, ...result });
      const decisive = !result.ok && (result.responseStatus === 410 || nearDisable(now));
      if (decisive) {
        if (ended(await flush())) return { kind: "done" }; // disabled: its other deliveries failed with it
      } else if (unrecorded.length >= FLUSH_EVERY) void flush();
    }
    if (ended(await flush())) return { kind: "done" };
    if (ctx.signal.aborted) return stop;
    // A short batch ends the turn unless this process emitted meanwhile (a message committed while
    // the read ran): then read again rather than leave it to the next tick.
    if (items.length === 0 || (items.length < batch && (opts.rings?.() ?? 0) === rings)) return { kind: "done" };
    if (Date.now() - started >= TURN_MS) return { kind: "done" };
    // Caught up: let a few more messages gather before the next read. On SQLite every record is a
    // commit (synchronous=FULL: an fsync on the one event loop); one per message emitted cost more
    // than the sending.
    if (items.length < batch) await new Promise((r) => setTimeout(r, GATHER_MS));
  }
}
