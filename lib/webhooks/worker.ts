import "server-only";
import packageJson from "../../package.json";
import { config } from "@/lib/core/config";
import { logError } from "@/lib/http/log";
import { guardedFetch } from "@/lib/outbound/guarded-fetch";
import { CONNECT_TIMEOUT_MS } from "@/lib/outbound/safe-fetch";
import { describeFailure } from "@/lib/outbound/outbound-errors";
import { claimBatch, dueEndpoints, recordAttempts, releaseClaims, type AttemptResult, type Claimed } from "./db/deliveries";
import { recoverStep } from "./db/recover";
import { getEndpoint as endpointForLane, signingSecrets, type EndpointRow } from "./db/endpoints";
import { DISABLE_AFTER_MS, parseRetryAfter } from "./retry";
import { signHeaders } from "./sign";

// One tick finds endpoints with due deliveries and starts a lane per endpoint that this process is not
// already serving. A lane sends its endpoint's deliveries one after another, in event order, so a
// receiver sees them in order; lanes run side by side, so a receiver that hangs holds only its own.
// The tick returns once lanes are started; `done` settles when they end (tests and the CLI await it).

/** Per attempt (Standard Webhooks suggests 15–30 s). */
export const DELIVERY_TIMEOUT_MS = 15_000;
const RESPONSE_BYTES = 1024;
/** Successful attempts recorded per commit at most (a crash re-sends at most these; receivers dedupe on webhook-id). */
const FLUSH_EVERY = 10;
/** A lane that caught up waits this long before claiming again (well inside the 1 s p99 target). */
const GATHER_MS = 100;
const USER_AGENT = `Voxdesk-Webhooks/${packageJson.version}`;

export interface TickOptions {
  /** The clock that schedules (tests move it); signatures always carry the real time of the attempt. */
  now?: number;
  timeoutMs?: number;
  /** Deliveries one claim takes for one endpoint. */
  batch?: number;
  /** Lanes one tick may start. */
  lanes?: number;
  /** Endpoints this process is already serving (the loop passes its own set). */
  busy?: Set<string>;
  allowlist?: string;
  /** How many times this process's emitter has rung (./wake.ts); a lane claims again when it moved. */
  rings?: () => number;
}

export interface LaneReport { sent: number; succeeded: number; failed: number }
export interface TickReport { lanes: number; done: Promise<LaneReport> }

export async function deliveryTick(opts: TickOptions = {}): Promise<TickReport> {
  const clock = () => opts.now ?? Date.now();
  const busy = opts.busy ?? new Set<string>();
  // Recover runs queue their next batch first, so this tick's lanes already send it.
  await recoverStep(clock()).catch((err) => logError("webhook recover step failed", { err }));
  const endpoints = await dueEndpoints(clock(), busy, opts.lanes ?? 32);
  const lanes = endpoints.map((e) => {
    busy.add(e.id);
    return runLane(e, clock, opts).catch((err) => {
      logError("webhook delivery lane failed", { err, endpoint_id: e.id });
      return { sent: 0, succeeded: 0, failed: 0 };
    }).finally(() => busy.delete(e.id));
  });
  const done = Promise.all(lanes).then((rs) => rs.reduce((a, r) => ({ sent: a.sent + r.sent, succeeded: a.succeeded + r.succeeded, failed: a.failed + r.failed }),
    { sent: 0, succeeded: 0, failed: 0 }));
  return { lanes: lanes.length, done };
}

async function runLane(endpoint: EndpointRow, clock: () => number, opts: TickOptions): Promise<LaneReport> {
  const timeoutMs = opts.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const batch = opts.batch ?? 50;
  // Long enough for every attempt of a batch to time out; an attempt is only started with time left.
  const leaseMs = batch * (timeoutMs + 1000) + 30_000;
  const send = guardedFetch({ allowlist: opts.allowlist ?? config().TOOL_TARGET_ALLOWLIST, timeoutMs });
  const report: LaneReport = { sent: 0, succeeded: 0, failed: 0 };
  // Recording is pipelined: a run of results is committed while the lane sends the next ones (at most
  // one commit in flight, so they land in order). A result that may disable the endpoint (410, or
  // failures close to the 5-day limit) is recorded before the next attempt, so nothing is sent after it.
  let recording: Promise<boolean> = Promise.resolve(false);
  let unrecorded: AttemptResult[] = [];
  const flush = (): Promise<boolean> => {
    const rs = unrecorded;
    unrecorded = [];
    recording = recording.then(async (disabled) => disabled || (rs.length > 0 && (await recordAttempts(rs)).disabled));
    recording.catch(() => {}); // awaited by the lane's next step, which reports it; never an unhandled rejection
    return recording;
  };
  for (;;) {
    // Read again per batch: a rotation, an edit or a disable made meanwhile applies from the next batch.
    const current = await endpointForLane(endpoint.account_id, endpoint.id);
    if (!current || current.disabled || (await recording)) return report;
    const rings = opts.rings?.() ?? 0;
    const claim = await claimBatch(endpoint.id, clock(), leaseMs, batch);
    const secrets = signingSecrets(current, clock());
    const nearDisable = (now: number) => current.failing_since !== null && now - Number(current.failing_since) >= DISABLE_AFTER_MS - leaseMs;
    for (let i = 0; i < claim.items.length; i++) {
      const item = claim.items[i];
      if (claim.leaseUntil - clock() < timeoutMs + 5000) {
        await flush();
        await releaseClaims(claim.items.slice(i).map((c) => c.id), claim.token);
        return report;
      }
      const result = await attempt(send, current, secrets, item, clock(), timeoutMs);
      report.sent++;
      if (result.ok) report.succeeded++;
      else report.failed++;
      const now = clock();
      unrecorded.push({ endpoint: current, delivery: item, token: claim.token, now, ...result });
      const decisive = !result.ok && (result.responseStatus === 410 || nearDisable(now));
      if (decisive) {
        if (await flush()) return report; // disabled: its other deliveries failed with it
      } else if (unrecorded.length >= FLUSH_EVERY) void flush();
    }
    if (await flush()) return report;
    // A short batch ends the lane unless this process emitted meanwhile (a message committed while
    // the claim ran): then claim again rather than leave it to the next tick.
    if (claim.items.length === 0 || (claim.items.length < batch && (opts.rings?.() ?? 0) === rings)) return report;
    // Caught up: let a few more messages gather before the next claim. On SQLite every claim and every
    // record is a commit (synchronous=FULL: an fsync on the one event loop); one claim per message
    // emitted cost more than the sending.
    if (claim.items.length < batch) await new Promise((r) => setTimeout(r, GATHER_MS));
  }
}

/** requestHeaders: what went out, kept with the attempt for the delivery log (the signature is not the secret). */
interface Sent { ok: boolean; responseStatus: number | null; durationMs: number; response: string; retryAfterMs: number | null; requestHeaders: Record<string, string> }

async function attempt(send: typeof fetch, e: EndpointRow, secrets: string[], item: Claimed, now: number, timeoutMs: number): Promise<Sent> {
  const headers = { "content-type": "application/json", "user-agent": USER_AGENT, ...signHeaders(item.event_id, new Date(), item.payload, secrets) };
  const started = performance.now();
  try {
    const res = await send(e.url, { method: "POST", headers, body: item.payload });
    const response = await firstBytes(res);
    return {
      ok: res.status >= 200 && res.status < 300, responseStatus: res.status, durationMs: performance.now() - started,
      response, retryAfterMs: parseRetryAfter(res.headers.get("retry-after"), now), requestHeaders: headers,
    };
  } catch (err) {
    const durationMs = performance.now() - started;
    const url = new URL(e.url);
    const timedOut = (err instanceof Error && err.name === "TimeoutError") || durationMs >= timeoutMs - 50;
    const { message } = describeFailure(err, { timedOut, timeoutMs, connectTimeoutMs: CONNECT_TIMEOUT_MS, target: url.host, hostname: url.hostname });
    return { ok: false, responseStatus: null, durationMs, response: message, retryAfterMs: null, requestHeaders: headers };
  }
}

/** The first 1 KB of the answer for the log; the rest is not read (the connection is let go). */
async function firstBytes(res: Response): Promise<string> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < RESPONSE_BYTES) {
      const r = await reader.read();
      if (r.done) break;
      chunks.push(r.value);
      size += r.value.byteLength;
    }
  } catch {
    // a body cut short still leaves what arrived
  } finally {
    void reader.cancel().catch(() => {});
  }
  return Buffer.concat(chunks).subarray(0, RESPONSE_BYTES).toString("utf8");
}
