import "server-only";
import { AppError } from "@/lib/http/errors";
import { logError } from "@/lib/http/log";
import type { EngineRow } from "./db";
import { redactSecret } from "@/lib/outbound/response-body";
import { engineFetch } from "./outbound";

// What the vendors' official SDKs (Vapi, Retell) are given and how their failures become the engine
// bridge's errors. Each client gets engineFetch as its `fetch`, so the address policy, pinned DNS and
// ENGINE_TIMEOUT_MS apply as to every other outbound request, and no SDK retries: a retried create
// would place a second call (neither sends an idempotency key), and a sync page retried by us is
// cheap.

/** A fetch for one SDK client; `failure()` is the AppError our fetch threw, which the SDK wraps in its own error. */
export function sdkFetch(who: string): { fetch: typeof fetch; failure: () => AppError | undefined } {
  let last: AppError | undefined;
  const f = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    try {
      return await engineFetch(who, url, init);
    } catch (err) {
      if (err instanceof AppError) last = err;
      throw err;
    }
  }) as typeof fetch;
  return { fetch: f, failure: () => last };
}

const REASONS: Record<number, string> = {
  402: "the account's plan or balance does not allow it", 404: "not found", 409: "conflicts with the engine's state",
  429: "rate limiting: try again later",
};

/**
 * An SDK's thrown error in the bridge's terms: our fetch's own failure as it was; an HTTP error
 * answer as 422 (a refusal the operator must fix) or 424 (the vendor failing), its body to the log
 * only (it may echo anything), the key redacted.
 */
export function sdkError(who: string, err: unknown, failure: AppError | undefined, log: Record<string, unknown>, key: string): AppError {
  if (err instanceof AppError) return err;
  if (failure) return failure;
  const e = err as { statusCode?: unknown; status?: unknown; body?: unknown; error?: unknown; message?: unknown };
  const s = typeof e.statusCode === "number" ? e.statusCode : typeof e.status === "number" ? e.status : undefined;
  if (s === undefined) {
    logError(`${who}: the client failed`, { ...log, error: String(e.message ?? err).replaceAll(key, "[redacted]").slice(0, 500) });
    return new AppError(424, `${who} did not answer as expected; details are in the server log`);
  }
  logError(`${who} answered with an error`, { ...log, httpStatus: s, body: JSON.stringify(redactSecret(e.body ?? e.error ?? null, key) ?? null).slice(0, 500) });
  if (s === 401 || s === 403) return new AppError(422, `${who} rejected the API key (HTTP ${s})`, { engine_http_status: s });
  if (s >= 500) return new AppError(424, `${who} failed (HTTP ${s}); its answer is in the server log`, { engine_http_status: s });
  return new AppError(422, `${who} refused the request (HTTP ${s}${REASONS[s] ? `: ${REASONS[s]}` : ""}); its answer is in the server log`, { engine_http_status: s });
}

/**
 * What one SDK client of an engine needs: our fetch, and `run`, which runs one SDK call and turns
 * what it throws into the bridge's AppError (sdkError), logged with the engine and what was asked.
 */
export function sdkClientParts(who: string, engine: EngineRow, key: string) {
  const f = sdkFetch(who);
  const run = async <T>(what: string, p: () => Promise<T>): Promise<T> => {
    try {
      return await p();
    } catch (err) {
      throw sdkError(who, err, f.failure(), { engineId: engine.id, accountId: engine.account_id, what }, key);
    }
  };
  return { fetch: f.fetch, run };
}
