import { z } from "zod";
import { TOOL_METHODS } from "@/lib/outbound/request-shape";
import { nextCursor, timestamp, uuid } from "@/lib/openapi/responses";

// Request schemas are the handlers' own (lib/tools/schema.ts); response shapes mirror
// lib/tools/db/tools.ts (ToolRecord), lib/tools/db/tool-tests.ts (history) and lib/tools/tool-test.ts, and are
// checked against real answers in app/api/tools/tools-openapi.test.ts.

export const HTTP_METHODS = TOOL_METHODS;

const JsonObject = z.record(z.string(), z.unknown());

export const ToolIdParams = z.object({ tool_id: z.string().describe("`id` of a tool record") });

export const ToolRecord = z
  .object({
    id: uuid("Tool id"),
    name: z.string().describe("function.name"),
    description: z.string(),
    category: z.string(),
    tags: z.array(z.string()),
    isActive: z.boolean(),
    lastTested: timestamp("Time of the last test, ISO 8601; null until tested").nullable(),
    testStatus: z.string().describe("`untested` until the first test, then the last test's `test_status`"),
    createdAt: timestamp("Creation time, ISO 8601"),
    updatedAt: timestamp("Time of the last change, ISO 8601"),
    method: z.enum(HTTP_METHODS),
    url: z.string().describe("Target URL"),
    parameters: JsonObject.describe("The tool's parameters JSON Schema"),
    api_token_hint: z.string().nullable().describe("`****` and the token's last 4 characters; null without a token"),
  })
  .meta({ id: "ToolRecord" });

const TEST_STATUS =
  "`success` (target answered 2xx/3xx), `error` (target answered 4xx/5xx), or when nothing usable came back: " +
  "`timeout`, `unreachable`, `blocked` (private or reserved address), `too_large` (response over 1 MiB)";

const testFields = {
  test_status: z.string().describe(TEST_STATUS),
  request_url: z.string().describe("URL requested (GET and DELETE carry the parameters in its query string)"),
  request_method: z.enum(HTTP_METHODS),
  test_params: JsonObject.describe("The parameters sent (the tool's token, if pasted in, is redacted)"),
  tested_at: timestamp("Time of the test, ISO 8601"),
  duration_ms: z.number().min(0).describe("Time the test took, in milliseconds"),
};

export const ToolTestResult = z
  .object({
    tool_id: z.string(),
    tool_name: z.string(),
    ...testFields,
    http_status: z.number().int().describe("Status code returned by the tool's target"),
    response_data: JsonObject.describe("The target's JSON body, or `{\"raw\": \"<text>\"}` when it is not JSON"),
  })
  .meta({ id: "ToolTestResult" });

export const ToolTestFailure = z
  .object({
    success: z.literal(false),
    message: z.string().describe("Says what went wrong: timeout, refused connection, DNS failure, blocked address or oversized body"),
    data: ToolTestResult.extend({
      http_status: z.null().describe("Nothing usable came back"),
      response_data: z.null(),
    }).describe("What is known about the attempt"),
  })
  .meta({ id: "ToolTestFailure" });

/** One entry of a tool's test history (GET /tools/{tool_id}). */
export const ToolTestHistoryEntry = z
  .object({
    id: z.number().int(),
    ...testFields,
    message: z.string().describe("The test answer's message"),
    http_status: z.number().int().nullable().describe("Null when nothing usable came back"),
    response_data: JsonObject.nullable().describe("At most 16 KiB kept: `{truncated: true, raw}` beyond; null on failures"),
  })
  .meta({ id: "ToolTestHistoryEntry" });

export const ok = <T extends z.ZodRawShape>(shape: T) => z.object({ success: z.literal(true), message: z.string(), ...shape });

export const ToolList = z.object({ success: z.literal(true), data: z.array(ToolRecord), next_cursor: nextCursor });

export const ToolDetail = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ToolRecord.extend({ tests: z.array(ToolTestHistoryEntry).describe("The last 20 test results, newest first") }),
});
