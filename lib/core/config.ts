import "server-only";
import { z } from "zod";
import { parseTrustProxy, type TrustProxy } from "./trust-proxy";

// Every variable is documented in README.md ("Configuration"). Parsed once, on first use.
/** JOB_LEASE_MS unless set: tests of a queue's takeover step their clock past it. */
export const DEFAULT_JOB_LEASE_MS = 30_000;
export const DEFAULT_READ_CACHE_MB = 32; // the bench starts a server with it while its own process runs without
const Env = z.object({
  DATABASE_PATH: z.string().min(1).default("./data/voxdesk.db"),
  DATABASE_URL: z.string().optional(),
  // Connections per app instance (PostgreSQL): instances × PG_POOL_MAX must stay below the server's
  // max_connections, minus what operators and backups need (README, "Running at scale").
  PG_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  SECRET_KEY: z
    .string()
    .refine((v) => Buffer.from(v, "base64").length === 32, "must be base64 of 32 bytes (openssl rand -base64 32)")
    .optional(),
  // The key SECRET_KEY replaced: secrets sealed with it still decrypt (key rotation, lib/core/secrets.ts).
  SECRET_KEY_PREVIOUS: z
    .string()
    .refine((v) => Buffer.from(v, "base64").length === 32, "must be base64 of 32 bytes (openssl rand -base64 32)")
    .optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  MAX_BODY_BYTES: z.coerce.number().int().positive().default(5 * 1024 * 1024),
  TOOL_TEST_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  // Whole-request timeout of every call to a voice engine (deploy, POST /call, sync); a campaign
  // writes off a claim still dialling after 2 × this + 20 s (lib/campaigns/dispatcher.ts).
  ENGINE_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  TOOL_TEST_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
  // Webhook deliveries per engine per minute (an engine reports every status change of every call).
  WEBHOOK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  TOOL_TARGET_ALLOWLIST: z.string().default(""),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(24 * 7),
  // The origin a voice engine can reach this app at (webhook URLs); unset: the request's origin.
  PUBLIC_URL: z
    .string()
    .url("must be an origin such as https://voxdesk.example.com")
    .refine((v) => /^https?:\/\//.test(v), "must start with http:// or https://")
    .transform((v) => v.replace(/\/+$/, ""))
    .optional(),
  // Optional mail delivery of invite and reset links; unset: links are only shown to copy.
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\/[^/]+/.test(v), "must look like smtp://user:password@host:587 or smtps://host:465")
    .optional(),
  SMTP_FROM: z.string().default("Voxdesk <no-reply@voxdesk.invalid>"),
  // The campaign dispatcher inside every app instance: how often it looks for work, and
  // "off" for instances that should not dial (then run `npm run cli -- worker` somewhere).
  CAMPAIGN_TICK_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  CAMPAIGN_DISPATCHER: z.enum(["on", "off"]).default("on"),
  // Voxdesk's own post-call analysis inside every app instance (lib/analysis): analyses
  // at a time per instance, how often it looks for work, and "off" for instances that should not.
  ANALYSIS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  ANALYSIS_TICK_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  ANALYSIS_WORKER: z.enum(["on", "off"]).default("on"),
  // Agent test runs inside every app instance (lib/agents/tests): how often it looks for
  // queued tests, and "off" for instances that should not play them (then run `npm run cli -- worker`).
  TEST_RUNS_TICK_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  TEST_RUNS_WORKER: z.enum(["on", "off"]).default("on"),
  // The webhook delivery worker inside every app instance: how often it looks for due
  // deliveries, and "off" for instances that should not send (then run `npm run cli -- worker`).
  WEBHOOK_TICK_MS: z.coerce.number().int().min(20).max(60_000).default(250),
  WEBHOOK_DELIVERY: z.enum(["on", "off"]).default("on"),
  // The alert evaluator inside every app instance (lib/alerts): how often each rule is
  // checked, and "off" for instances that should not (then run `npm run cli -- worker`).
  ALERTS_TICK_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  ALERTS: z.enum(["on", "off"]).default("on"),
  // Carriers' prices of finished calls (Twilio fills them in after the call): how often the worker
  // asks for the ones due, and "off" for instances that should not.
  CARRIER_PRICE_TICK_MS: z.coerce.number().int().min(50).max(600_000).default(5000),
  CARRIER_PRICES: z.enum(["on", "off"]).default("on"),
  // The job queue's lease (lib/core/job-queue.ts): a claim held this long unrenewed lapses, so a
  // crashed instance's jobs are taken up by another within it; a worker renews it a third of the way.
  JOB_LEASE_MS: z.coerce.number().int().min(1000).max(600_000).default(DEFAULT_JOB_LEASE_MS),
  // On SIGTERM or SIGINT, how long background jobs under way get to end before they are put back.
  STOP_DEADLINE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  // Serialized answers of hot reads kept while the SQLite database is unchanged (lib/http/read-cache.ts); 0 turns it off.
  READ_CACHE_MB: z.coerce.number().min(0).max(4096).default(DEFAULT_READ_CACHE_MB),
  // Whose X-Forwarded-For / -Proto / -Host to believe (lib/http/client-address.ts): off (default:
  // the client is the socket's peer), on (one proxy), a hop count, or the proxies' CIDRs.
  TRUST_PROXY: z.string().default("off").transform((v, ctx): TrustProxy => {
    const parsed = parseTrustProxy(v);
    if (!("error" in parsed)) return parsed;
    ctx.addIssue({ code: "custom", message: parsed.error });
    return z.NEVER;
  }),
  // GET /metrics (Prometheus text) answers only with this as a Bearer token; unset, it is off (404).
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters (openssl rand -hex 16)").optional(),
  VOXDESK_DEMO: z.enum(["0", "1"]).default("0"),
  LOG_LEVEL: z.enum(["silent", "error", "info"]).default("info"),
}).refine((env) => !env.DATABASE_URL || env.SECRET_KEY, {
  // Several instances must share one key; a key file on one machine can't be shared.
  path: ["SECRET_KEY"],
  message: "is required when DATABASE_URL is set (several instances must share one key): openssl rand -base64 32",
}).refine((env) => !env.DATABASE_URL || /^postgres(ql)?:\/\//.test(env.DATABASE_URL), {
  path: ["DATABASE_URL"],
  message: "must be a postgres:// URL",
});
export type Config = z.infer<typeof Env>;

let cached: Config | undefined;

export function config(): Config {
  if (cached) return cached;
  const parsed = Env.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  cached = parsed.data;
  return cached;
}

/** Tests change the environment between suites; they call this to re-read it. */
export function resetConfigForTests() {
  cached = undefined;
}
