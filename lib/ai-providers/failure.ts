import "server-only";
import { APICallError, NoObjectGeneratedError, RetryError } from "ai";
import { describeFailure } from "@/lib/outbound/outbound-errors";

/**
 * Why a request to an AI provider did not give a usable answer, in words safe to show and store:
 * built from the status and fixed text, never from the provider's own error body (it may echo
 * part of the key, as OpenAI's 401 does). `retryable`: the same request may work later (429, 5xx,
 * timeouts, a connection that failed); a refused key, a blocked address or a malformed answer will not.
 */
export interface ProviderFailure {
  reason: string;
  retryable: boolean;
  /** From the provider's Retry-After, when it sent one. */
  retry_after_ms?: number;
}

function retryAfterMs(headers: Record<string, string> | undefined): number | undefined {
  const raw = headers?.["retry-after"];
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

const UNREADABLE: ProviderFailure = { reason: "The provider's answer could not be read (not the JSON an OpenAI-compatible API sends)", retryable: false };

function fromStatus(status: number, headers: Record<string, string> | undefined): ProviderFailure {
  if (status >= 200 && status < 300) return UNREADABLE; // answered, but the body did not parse
  if (status === 401 || status === 403) return { reason: `The provider refused the API key (HTTP ${status})`, retryable: false };
  if (status === 404) return { reason: "The provider answered HTTP 404: check base_url (usually ending in /v1) and the model id", retryable: false };
  if (status === 429) {
    const after = retryAfterMs(headers);
    return { reason: "The provider is rate limiting (HTTP 429)", retryable: true, ...(after !== undefined ? { retry_after_ms: after } : {}) };
  }
  if (status >= 500) return { reason: `The provider failed (HTTP ${status})`, retryable: true };
  if (status >= 300 && status < 400) return { reason: `The provider redirected (HTTP ${status}); redirects are not followed: set base_url to the final address`, retryable: false };
  return { reason: `The provider refused the request (HTTP ${status})`, retryable: false };
}

export function describeProviderFailure(err: unknown, ctx: { baseUrl: string; timeoutMs: number }): ProviderFailure {
  const error = RetryError.isInstance(err) ? err.lastError : err;
  if (NoObjectGeneratedError.isInstance(error)) {
    return { reason: "The provider's answer was not valid JSON for the plan's schema (malformed or missing fields)", retryable: false };
  }
  if (APICallError.isInstance(error) && error.statusCode !== undefined) return fromStatus(error.statusCode, error.responseHeaders);
  // The SDK's own errors (AI_JSONParseError, AI_TypeValidationError…) mean the answer came but did not fit.
  if (error instanceof Error && error.name.startsWith("AI_") && !APICallError.isInstance(error)) return UNREADABLE;
  const url = URL.canParse(ctx.baseUrl) ? new URL(ctx.baseUrl) : null;
  const timedOut = error instanceof Error && (error.name === "TimeoutError" || (error.name === "AbortError" && /timeout/i.test(String(error.message))));
  const failure = describeFailure(error, {
    timedOut, timeoutMs: ctx.timeoutMs, connectTimeoutMs: 5_000, target: url?.host ?? "the provider", hostname: url?.hostname ?? "the provider",
  });
  return { reason: failure.message, retryable: failure.testStatus === "timeout" || failure.testStatus === "unreachable" };
}
