import { BlockedAddressError } from "./pinned-lookup";

export type OutboundFailureStatus = "timeout" | "unreachable" | "blocked" | "too_large";

export interface FailureDescription {
  testStatus: OutboundFailureStatus;
  message: string;
}

export interface FailureContext {
  /** Our own whole-request deadline fired (the error is then just an abort). */
  timedOut: boolean;
  timeoutMs: number;
  connectTimeoutMs: number;
  /** host[:port] of the hop that failed, for the message. */
  target: string;
  hostname: string;
}

const DNS_CODES = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_FAIL", "EAI_NODATA", "EAI_NONAME", "ENODATA", "ESERVFAIL"]);
const CLOSED_CODES = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET", "ECONNABORTED"]);
const ROUTE_CODES = new Set(["EHOSTUNREACH", "ENETUNREACH", "EHOSTDOWN", "ENETDOWN", "EADDRNOTAVAIL"]);
const TIMEOUT_CODES = new Set(["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT"]);
const TLS_CODE = /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH)/;

// undici and net wrap the cause (error.cause, AggregateError for happy-eyeballs attempts);
// walk everything so the root cause decides the status.
function causes(err: unknown): Array<Error & { code?: unknown }> {
  const out: Array<Error & { code?: unknown }> = [];
  const queue: unknown[] = [err];
  while (queue.length > 0 && out.length < 20) {
    const current = queue.shift();
    if (!(current instanceof Error)) continue;
    out.push(current);
    if (current.cause !== undefined) queue.push(current.cause);
    if (current instanceof AggregateError) queue.push(...current.errors);
  }
  return out;
}

/**
 * Maps a thrown error to a failure status and a human message. Messages are built from fixed
 * text plus the target, never from the raw error text, which could echo request details.
 */
export function describeFailure(err: unknown, ctx: FailureContext): FailureDescription {
  const chain = causes(err);
  const blocked = chain.find((e) => e instanceof BlockedAddressError);
  if (blocked) return { testStatus: "blocked", message: `Blocked: ${blocked.message}.` };
  if (ctx.timedOut) {
    return {
      testStatus: "timeout",
      message: `Timed out: ${ctx.target} did not send a complete answer within ${ctx.timeoutMs} ms.`,
    };
  }
  const codes = chain.map((e) => (typeof e.code === "string" ? e.code : "")).filter(Boolean);
  const has = (set: Set<string>) => codes.some((c) => set.has(c));
  if (codes.includes("UND_ERR_CONNECT_TIMEOUT") || codes.includes("ETIMEDOUT")) {
    return {
      testStatus: "timeout",
      message: `Timed out: could not connect to ${ctx.target} within ${ctx.connectTimeoutMs / 1000} s.`,
    };
  }
  if (has(TIMEOUT_CODES)) {
    return { testStatus: "timeout", message: `Timed out: ${ctx.target} stopped answering.` };
  }
  if (has(DNS_CODES)) {
    return { testStatus: "unreachable", message: `Unreachable: DNS lookup failed for ${ctx.hostname}.` };
  }
  if (codes.includes("ECONNREFUSED")) {
    return { testStatus: "unreachable", message: `Unreachable: connection refused by ${ctx.target}.` };
  }
  if (has(ROUTE_CODES)) {
    return { testStatus: "unreachable", message: `Unreachable: no route to ${ctx.target}.` };
  }
  if (has(CLOSED_CODES)) {
    return {
      testStatus: "unreachable",
      message: `Unreachable: ${ctx.target} closed the connection before a complete answer.`,
    };
  }
  const tls = codes.find((c) => TLS_CODE.test(c));
  if (tls) {
    return { testStatus: "unreachable", message: `Unreachable: TLS handshake with ${ctx.target} failed (${tls}).` };
  }
  const label = codes[0] ?? chain[0]?.name ?? "unknown error";
  return { testStatus: "unreachable", message: `Unreachable: the request to ${ctx.target} failed (${label}).` };
}
