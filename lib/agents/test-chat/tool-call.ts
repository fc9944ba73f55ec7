import "server-only";
import { AppError } from "@/lib/http/errors";
import { usesQuery } from "@/lib/outbound/request-shape";
import type { ToolRecord, ToolRow } from "@/lib/tools/db/tools";
import { checkParams, exceedsDepth, MAX_JSON_DEPTH, paramsValidator } from "@/lib/tools/json-schema";
import { sendToolRequest } from "@/lib/tools/tool-test";

// A tool call the model makes in the test chat: checked against the tool's parameters schema like
// a tool test, then sent for real by the tool test's own path (token injected, outbound policy).
// What the console sees and what goes back to the model hold no token.

export interface ToolOutcome {
  event: {
    ok: boolean; http_status: number | null; duration_ms: number;
    request: { method: string; url: string; body: unknown }; response: unknown;
  };
  /** The tool's result as the model reads it in its next step. */
  forModel: unknown;
}

function refused(tool: ToolRecord, args: Record<string, unknown>, message: string): ToolOutcome {
  return {
    event: { ok: false, http_status: null, duration_ms: 0, request: { method: tool.method, url: tool.url, body: args }, response: { error: message } },
    forModel: { error: message },
  };
}

export async function runChatTool(accountId: string, row: ToolRow, tool: ToolRecord, args: Record<string, unknown>): Promise<ToolOutcome> {
  if (exceedsDepth(args, MAX_JSON_DEPTH)) return refused(tool, args, `Arguments nest deeper than ${MAX_JSON_DEPTH} levels; nothing was sent`);
  const problems = checkParams(paramsValidator(tool.id, tool.updatedAt, tool.parameters), args);
  if (problems.length) {
    return refused(tool, args, `Invalid arguments (${problems.map((p) => `${p.path}: ${p.message}`).join("; ")}); nothing was sent`);
  }
  let sent;
  try {
    sent = await sendToolRequest(accountId, row, args);
  } catch (err) {
    if (err instanceof AppError) return refused(tool, args, err.message);
    throw err;
  }
  const { result, sentParams } = sent;
  const request = { method: result.requestMethod, url: result.requestUrl, body: usesQuery(result.requestMethod) ? null : sentParams };
  if (result.kind === "failure") {
    return { event: { ok: false, http_status: null, duration_ms: result.durationMs, request, response: { error: result.message } }, forModel: { error: result.message } };
  }
  return {
    event: { ok: result.httpStatus < 400, http_status: result.httpStatus, duration_ms: result.durationMs, request, response: result.responseData },
    forModel: { http_status: result.httpStatus, response: result.responseData },
  };
}
