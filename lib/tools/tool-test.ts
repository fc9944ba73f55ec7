import "server-only";
import { config } from "@/lib/core/config";
import { SecretKeyError } from "@/lib/core/secrets";
import { recordToolTest } from "@/lib/tools/db/tool-tests";
import { openToolToken } from "@/lib/tools/db/tokens";
import { getToolRow, toToolRecord, type ToolRow } from "@/lib/tools/db/tools";
import { AppError, notFound } from "@/lib/http/errors";
import { logError } from "@/lib/http/log";
import { checkRateLimit } from "@/lib/http/rate-limit";
import { type OutboundFailureStatus } from "@/lib/outbound/outbound-errors";
import { redactSecret } from "@/lib/outbound/response-body";
import type { ToolMethod } from "@/lib/outbound/request-shape";
import { safeToolRequest, type SafeToolResult } from "@/lib/outbound/safe-fetch";
import { checkParams, exceedsDepth, MAX_JSON_DEPTH, paramsValidator } from "./json-schema";

/**
 * HTTP status of a test whose target gave nothing usable. 4xx throughout (the caller's request
 * was handled; the tool's target failed): 408 for a timeout, 422 for a blocked address, 424
 * Failed Dependency for the target's own failures (docs/decisions.md, "Tools").
 */
export const FAILURE_HTTP_STATUS: Record<OutboundFailureStatus, number> = {
  timeout: 408,
  blocked: 422,
  unreachable: 424,
  too_large: 424,
};

// Tool parameters are small; this also bounds what user-supplied schema patterns run over.
export const MAX_TEST_PARAMS_BYTES = 64 * 1024;

export interface ToolTestData {
  tool_id: string; tool_name: string; test_status: string; http_status: number | null;
  response_data: Record<string, unknown> | null; request_url: string; request_method: string;
  test_params: Record<string, unknown>; tested_at: string; duration_ms: number;
}

export interface ToolTestOutcome { status: number; body: { success: boolean; message: string; data: ToolTestData } }

/**
 * The one way a tool is called (tool tests, the agent test chat): its token opened (409 when the
 * configured keys cannot open it), the request sent through the outbound policy. What comes back
 * holds no token: safeToolRequest scrubs the result, and `sentParams` is the parameters with any
 * pasted copy of the token redacted.
 */
export async function sendToolRequest(accountId: string, row: ToolRow, params: Record<string, unknown>): Promise<{ result: SafeToolResult; sentParams: Record<string, unknown> }> {
  const cfg = config();
  let token: string | null;
  try {
    token = openToolToken(row, row.id, accountId);
  } catch (err) {
    if (!(err instanceof SecretKeyError)) throw err;
    logError("tool api_token cannot be decrypted", { toolId: row.id, keyId: row.token_key_id, err });
    throw new AppError(409, "The tool's api_token cannot be decrypted with the configured SECRET_KEY or SECRET_KEY_PREVIOUS; "
      + "configure the key it was sealed with, or set a new api_token with PATCH");
  }
  const result = await safeToolRequest({
    method: row.method as ToolMethod, url: row.url, params, apiToken: token,
    timeoutMs: cfg.TOOL_TEST_TIMEOUT_MS, allowlist: cfg.TOOL_TARGET_ALLOWLIST,
  });
  // Someone may paste the token into the parameters too; it is never stored or echoed. (A
  // token shorter than 8 characters is no secret worth mangling every parameter for.)
  return { result, sentParams: token && token.length >= 8 ? redactSecret(params, token) : params };
}

/** POST /api/tools/{id}/test: validate, send through the SSRF-safe client, record, answer. */
export async function runToolTest(accountId: string, toolId: string, params: Record<string, unknown>): Promise<ToolTestOutcome> {
  const cfg = config();
  await checkRateLimit(`tool-test:${accountId}`, cfg.TOOL_TEST_RATE_LIMIT_PER_MINUTE);
  const row = await getToolRow(accountId, toolId);
  if (!row) throw notFound("Tool");
  const tool = toToolRecord(row);
  if (!tool.isActive) throw new AppError(400, `Tool '${tool.name}' is inactive; activate it before testing`);
  if (exceedsDepth(params, MAX_JSON_DEPTH)) {
    throw new AppError(400, `Test parameters must not nest deeper than ${MAX_JSON_DEPTH} levels; nothing was sent`);
  }
  if (Buffer.byteLength(JSON.stringify(params)) > MAX_TEST_PARAMS_BYTES) {
    throw new AppError(413, `Test parameters must be at most ${MAX_TEST_PARAMS_BYTES / 1024} KiB of JSON`);
  }

  const problems = checkParams(paramsValidator(tool.id, tool.updatedAt, tool.parameters), params);
  if (problems.length) {
    const kinds = ["missing", "unexpected", "mistyped", "invalid"] as const;
    const summary = kinds
      .map((kind) => [kind, problems.filter((p) => p.kind === kind).map((p) => p.path)] as const)
      .filter(([, names]) => names.length)
      .map(([kind, names]) => `${kind}: ${names.join(", ")}`);
    throw new AppError(400, `Invalid test parameters (${summary.join("; ")}); nothing was sent`, {
      errors: problems.map(({ path, message }) => ({ path, message })),
    });
  }

  const testedAt = new Date().toISOString();
  const { result, sentParams } = await sendToolRequest(accountId, row, params);
  const answered = result.kind === "response";
  const testStatus = answered ? (result.httpStatus < 400 ? "success" : "error") : result.testStatus;
  const message = answered
    ? `Tool test ${testStatus === "success" ? "succeeded" : "failed"}: the target answered HTTP ${result.httpStatus}`
    : result.message;
  const data: ToolTestData = {
    tool_id: tool.id,
    tool_name: tool.name,
    test_status: testStatus,
    http_status: answered ? result.httpStatus : null,
    response_data: answered ? result.responseData : null,
    request_url: result.requestUrl,
    request_method: result.requestMethod,
    test_params: sentParams,
    tested_at: testedAt,
    duration_ms: result.durationMs,
  };
  await recordToolTest(accountId, tool.id, { ...data, message });
  return { status: answered ? 200 : FAILURE_HTTP_STATUS[result.testStatus], body: { success: answered, message, data } };
}
