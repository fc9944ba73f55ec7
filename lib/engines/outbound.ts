import "server-only";
import { config } from "@/lib/core/config";
import { AppError } from "@/lib/http/errors";
import { logError } from "@/lib/http/log";
import { guardedFetch } from "@/lib/outbound/guarded-fetch";
import { describeFailure } from "@/lib/outbound/outbound-errors";

// Requests to an engine's own servers or its carrier that are not JSON-in-JSON-out (form bodies,
// Basic auth, audio): the same address policy as every outbound request (TOOL_TARGET_ALLOWLIST,
// pinned DNS) and the engines' timeout, ENGINE_TIMEOUT_MS. Failures become the engine bridge's
// AppErrors: 422 for an address refused, 424 for a service that did not answer.

export interface EngineAnswer { status: number; headers: Headers; text: string; json: unknown }

/** `who` names the service in messages ("the Bolna server", "Twilio"). */
export async function engineFetch(who: string, url: string, init: RequestInit & { maxBytes?: number } = {}): Promise<Response> {
  const timeoutMs = config().ENGINE_TIMEOUT_MS;
  const fetcher = guardedFetch({ allowlist: config().TOOL_TARGET_ALLOWLIST, timeoutMs, maxResponseBytes: init.maxBytes });
  const started = performance.now();
  try {
    return await fetcher(url, init);
  } catch (err) {
    const u = new URL(url);
    const d = describeFailure(err, { timedOut: performance.now() - started >= timeoutMs, timeoutMs, connectTimeoutMs: timeoutMs, target: u.host, hostname: u.hostname });
    const status = d.testStatus === "blocked" ? 422 : 424;
    throw new AppError(status, `${capital(who)}: ${d.message}`, { engine_status: d.testStatus });
  }
}

/** engineFetch, the whole answer read (JSON parsed when it is JSON). */
export async function engineRequest(who: string, url: string, init: RequestInit = {}): Promise<EngineAnswer> {
  const res = await engineFetch(who, url, init);
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/**
 * An error answer as the engine bridge reports it: the service's own words go to the log (they may
 * echo anything), the caller gets its status and a reason of ours.
 */
export function refused(who: string, answer: EngineAnswer, log: Record<string, unknown>): AppError {
  logError(`${who} answered with an error`, { ...log, httpStatus: answer.status, body: answer.text.slice(0, 500) });
  const s = answer.status;
  if (s === 401 || s === 403) return new AppError(422, `${capital(who)} rejected the credentials (HTTP ${s})`, { engine_http_status: s });
  if (s >= 500) return new AppError(424, `${capital(who)} failed (HTTP ${s}); its answer is in the server log`, { engine_http_status: s });
  return new AppError(422, `${capital(who)} refused the request (HTTP ${s}); its answer is in the server log`, { engine_http_status: s });
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
