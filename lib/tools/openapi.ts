import { z } from "zod";
import type { SchemaRegistry } from "@/lib/openapi/json-schema";
import { operation, type OperationObject } from "@/lib/openapi/operation";
import { ToolListQuery, ToolPatch, ToolRegistration, ToolTestBody } from "@/lib/tools/schema";
import { ToolDetail, ToolIdParams, ToolList, ToolRecord, ToolTestFailure, ToolTestResult, ok } from "./openapi-shapes";

const NOT_FOUND = "No tool with this id in the caller's account";

const EXAMPLE = {
  tools: [
    {
      type: "function",
      function: {
        name: "book_appointment",
        description: "Books an appointment slot for the caller",
        parameters: {
          type: "object",
          properties: { date: { type: "string", format: "date" }, email: { type: "string", format: "email" } },
          required: ["date"],
        },
      },
    },
  ],
  tools_params: { book_appointment: { method: "POST", url: "https://api.example.com/appointments", api_token: "secret" } },
  category: "scheduling",
  tags: ["calendar"],
};

export function toolsPaths(r: SchemaRegistry): Record<string, Record<string, OperationObject>> {
  const base = { tag: "Tools", family: "success" as const };
  return {
    "/tools": {
      post: operation(r, "post", {
        ...base,
        operationId: "registerTools",
        summary: "Register API tools",
        description:
          "Registers one or more function tools that agents can call over HTTP, atomically. `data` is the first record, " +
          "`tools` every record. The `api_token` is stored encrypted and never appears in a response.",
        body: ToolRegistration,
        bodyExample: EXAMPLE,
        responses: { 201: { description: "Registered", schema: ok({ data: ToolRecord, tools: z.array(ToolRecord) }) } },
        errors: {
          400: "Invalid body, including a tool without a `tools_params` entry (or the reverse) and a `parameters` value that is not a valid JSON Schema of type object",
          409: "A tool with this function name already exists in the account",
        },
      }),
      get: operation(r, "get", {
        ...base,
        operationId: "listTools",
        summary: "List tools",
        description: "Console endpoint (not in the platform spec).",
        query: ToolListQuery,
        queryNotes: {
          category: "Only tools of this category",
          tag: "Only tools carrying this tag (exact match)",
          is_active: "`true` or `false`",
          q: "Search in name and description",
          limit: "Page size",
          cursor: "Opaque cursor: `next_cursor` of the previous page, unchanged",
        },
        responses: { 200: { description: "One page of tools", schema: ToolList } },
      }),
    },
    "/tools/{tool_id}": {
      get: operation(r, "get", {
        ...base,
        operationId: "getTool",
        summary: "Get a tool with its recent tests",
        params: ToolIdParams,
        responses: { 200: { description: "The tool and its last 20 test results", schema: ToolDetail } },
        errors: { 404: NOT_FOUND },
      }),
      patch: operation(r, "patch", {
        ...base,
        operationId: "updateTool",
        summary: "Change a tool",
        description: "Changes description, parameters, tags, category, isActive or the tools_params entry (including a new token, or `api_token: null` to remove it). "
          + "A stored token is bound to the origin (scheme, host, port) of the URL it was given with: moving the URL to another origin needs `api_token` again (or `null`).",
        params: ToolIdParams,
        body: ToolPatch,
        responses: { 200: { description: "Changed", schema: ok({ data: ToolRecord }) } },
        errors: { 404: NOT_FOUND, 422: "`tools_params.url` moves to another origin while a token is stored and `api_token` is not sent; nothing was changed" },
      }),
      delete: operation(r, "delete", {
        ...base,
        operationId: "deleteTool",
        summary: "Delete a tool",
        params: ToolIdParams,
        responses: { 200: { description: "Deleted", schema: ok({ data: z.object({ id: z.string() }) }) } },
        errors: { 404: NOT_FOUND, 409: "Agents still use the tool: remove it from them first, or deactivate it (isActive: false)" },
      }),
    },
    "/tools/{tool_id}/test": {
      post: operation(r, "post", {
        ...base,
        operationId: "testTool",
        summary: "Run a test call of a tool",
        description:
          "Validates the parameters against the tool's schema (nothing is sent if they do not match), then calls the " +
          "target: GET and DELETE put the parameters in the query string, other methods send them as a JSON body, with " +
          "`Authorization: Bearer <api_token>` when the tool has a token. Whenever the target answered — including with " +
          "its own 4xx or 5xx — the answer is a 200 whose `test_status` tells. Private and reserved addresses are blocked " +
          "unless `TOOL_TARGET_ALLOWLIST` allows them; redirects are followed up to 3 times, each re-checked. Timeouts: " +
          "connect 5 s, whole request `TOOL_TEST_TIMEOUT_MS` (default 10 000 ms); response bodies are capped at 1 MiB. " +
          "Failures answer with a 4xx and a `data` object holding what is known: 408 timeout, 422 blocked, 424 unreachable or too_large.",
        params: ToolIdParams,
        body: ToolTestBody,
        bodyExample: { date: "2025-07-01", email: "caller@example.com" },
        responses: { 200: { description: "The target answered", schema: ok({ data: ToolTestResult }) } },
        errors: {
          400: "Parameters missing, unexpected or of the wrong type for the tool's schema (`errors` lists each), nested deeper than 32 levels, or the tool is inactive",
          404: NOT_FOUND,
          408: { description: "The target did not answer in time (`test_status` timeout)", schema: ToolTestFailure },
          409: "The tool's stored api_token cannot be decrypted with SECRET_KEY or SECRET_KEY_PREVIOUS (set the old key, or PATCH a new token)",
          413: "Parameters larger than 64 KiB of JSON",
          422: { description: "The target address is blocked (`test_status` blocked)", schema: ToolTestFailure },
          424: {
            description: "The target failed: refused connection, DNS failure, reset or too many redirects (`unreachable`), or a body over 1 MiB (`too_large`)",
            schema: ToolTestFailure,
          },
          429: "More than `TOOL_TEST_RATE_LIMIT_PER_MINUTE` tests (default 60) in the current minute for this account, or the token's general rate limit",
        },
      }),
    },
  };
}
