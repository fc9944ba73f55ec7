import { RETRYABLE, type RetryPolicy } from "./retry";

// What a campaign gets for each setting its create body leaves out: read by the API's schema (its
// zod defaults), the service that resolves a body, and the console's wizard (its initial values).

/** One attempt per contact; a retry, when max_attempts allows one, an hour later on any retryable status. */
export const DEFAULT_RETRY: RetryPolicy = { max_attempts: 1, delay_seconds: 3600, on: [...RETRYABLE] };

export const CAMPAIGN_DEFAULTS = {
  max_concurrency: 5,
  on_missing_variables: "skip",
  /** Minutes without news after which an in-flight call frees its slot. */
  stale_after_minutes: 30,
  retry: DEFAULT_RETRY,
} as const satisfies { max_concurrency: number; on_missing_variables: "skip" | "call"; stale_after_minutes: number; retry: RetryPolicy };
