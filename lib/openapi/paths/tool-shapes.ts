import { z } from "zod";
import { nextCursor, timestamp, uuid } from "../responses";

// PROVISIONAL: the tools endpoints are being built on branch `tools` (issue 3) with their schemas
// in lib/schemas/tool.ts, which main does not have yet. These shapes are written from the issue
// text. When `tools` merges, import the request schemas (body, params, query) from
// lib/schemas/tool.ts — the handlers' own — and check the response shapes against the handlers.

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

const JsonObject = z.record(z.string(), z.unknown());

export const ToolDefinition = z.object({
  type: z.literal("function").describe("Function definition kind; only `function`"),
  function: z.object({
    name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).describe("1-64 letters, digits, `_` or `-`; unique within the account (409 otherwise)"),
    description: z.string().describe("What the tool does, for the language model"),
    parameters: z
      .object({
        type: z.literal("object"),
        properties: z.record(z.string(), z.object({ type: z.string(), format: z.string().optional() }).loose()).optional(),
        required: z.array(z.string()).optional(),
      })
      .loose()
      .describe("A valid JSON Schema of type object (checked with ajv; formats such as date, email and uri are known)"),
  }),
});

export const ToolParamsEntry = z.object({
  method: z.enum(HTTP_METHODS).default("POST").describe("HTTP method used to call the target (default POST)"),
  url: z.url().describe("Absolute http or https URL of the target, without userinfo"),
  api_token: z
    .string()
    .optional()
    .describe("Sent as `Authorization: Bearer <api_token>`; stored encrypted (AES-256-GCM) and never returned"),
});

export const ToolsCreate = z.object({
  tools: z.array(ToolDefinition).min(1).describe("Registered atomically: all or none"),
  tools_params: z.record(z.string(), ToolParamsEntry).describe("Keyed by function.name: exactly one entry per tool and one tool per entry"),
  category: z.string().default("custom").describe("Default `custom`"),
  tags: z.array(z.string()).optional(),
});

export const ToolPatch = z.object({
  description: z.string().optional(),
  tags: z.array(z.string()).optional(),
  category: z.string().optional(),
  isActive: z.boolean().optional().describe("Inactive tools cannot be tested or attached to agents"),
  tools_params: ToolParamsEntry.partial().optional().describe("Changes to the tool's target; `api_token` replaces the stored token"),
});

export const ToolIdParams = z.object({ tool_id: z.string().describe("`id` of a tool record") });

export const ToolListQuery = z.object({
  category: z.string().optional(),
  is_active: z.enum(["true", "false"]).optional(),
  q: z.string().optional(),
  limit: z.string().regex(/^\d+$/).optional(),
  cursor: z.string().optional(),
});

export const TestBody = JsonObject.describe("The parameters to call the tool with; validated against the tool's `parameters` schema first");

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

export const ToolTestResult = z
  .object({
    tool_id: z.string(),
    tool_name: z.string(),
    test_status: z.string().describe(TEST_STATUS),
    http_status: z.number().int().describe("Status code returned by the tool's target"),
    response_data: JsonObject.describe("The target's JSON body, or `{\"raw\": \"<text>\"}` when it is not JSON"),
    request_url: z.string().describe("URL requested (GET and DELETE carry the parameters in its query string)"),
    request_method: z.enum(HTTP_METHODS),
    test_params: JsonObject.describe("The parameters sent"),
    tested_at: timestamp("Time of the test, ISO 8601"),
    duration_ms: z.number().min(0).describe("Time the test took, in milliseconds"),
  })
  .meta({ id: "ToolTestResult" });

export const ToolTestFailure = z
  .object({
    success: z.literal(false),
    message: z.string().describe("Says what went wrong: timeout, refused connection, DNS failure, blocked address or oversized body"),
    data: ToolTestResult.partial()
      .required({ test_status: true, request_url: true, request_method: true, test_params: true, tested_at: true, duration_ms: true })
      .describe("What is known about the attempt"),
  })
  .meta({ id: "ToolTestFailure" });

export const ok = <T extends z.ZodRawShape>(shape: T) => z.object({ success: z.literal(true), message: z.string(), ...shape });

export const ToolList = z.object({ success: z.literal(true), data: z.array(ToolRecord), next_cursor: nextCursor });

export const ToolDetail = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ToolRecord.extend({ tests: z.array(ToolTestResult).describe("The last 20 test results, newest first") }),
});
