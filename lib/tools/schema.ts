import { z } from "zod";
import { TOOL_METHODS, type ToolMethod } from "@/lib/outbound/request-shape";
import { checkParametersSchema } from "@/lib/tools/json-schema";
import { documentedAs, PageQuery } from "@/lib/core/page-query";

// One schema per tool request body, shared by the handlers and the console's tool form. Rules
// from the spec; where it is silent (lengths, tag rules) see docs/decisions.md, "Tools".

export const TOOL_NAME_RE = /^[A-Za-z0-9_-]{1,64}$/;

export const ToolName = z
  .string()
  .regex(TOOL_NAME_RE, "must be 1 to 64 letters, digits, '_' or '-'")
  .describe("1-64 letters, digits, `_` or `-`; unique within the account (409 otherwise)");

/** The function's parameters: a JSON Schema of type "object" that ajv accepts. */
export const ToolParameters = z
  .record(z.string(), z.unknown())
  .superRefine((schema, ctx) => {
    for (const issue of checkParametersSchema(schema)) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  })
  .describe("A valid JSON Schema (draft-07) of type object, checked with ajv; formats such as date, email and uri are known");

export const ToolFunction = z.object({
  name: ToolName,
  description: z.string().trim().min(1, "is required").max(1024).describe("What the tool does, for the language model"),
  parameters: ToolParameters,
});

export const ToolDefinition = z.object({
  type: z.literal("function").describe("Function definition kind; only `function`"),
  function: ToolFunction,
});

// Lenient on case ("get"), strict on the set.
export const ToolMethodField = z
  .string()
  .transform((m) => m.toUpperCase())
  .pipe(z.enum(TOOL_METHODS, { error: `must be one of ${TOOL_METHODS.join(", ")}` }))
  .describe("HTTP method used to call the target: GET, POST, PUT, PATCH or DELETE (any case)");

export const ToolUrl = z
  .string()
  .trim()
  .max(2048)
  .superRefine((value, ctx) => {
    const problem = urlProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .describe("Absolute http or https URL of the target, without userinfo");

/** Absolute http(s) URL without credentials in it; the token goes in tools_params.api_token. */
export function urlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be an absolute http:// or https:// URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "must use http or https";
  if (url.username || url.password) return "must not contain a user name or password; use api_token";
  if (!url.hostname) return "must name a host";
  return null;
}

const ApiToken = z
  .string()
  .min(1, "must not be empty")
  .max(4096)
  .describe("Sent as `Authorization: Bearer <api_token>`; stored encrypted (AES-256-GCM) and never returned");

export const ToolParamsEntry = z.object({
  method: ToolMethodField.default("POST").describe("HTTP method used to call the target (default POST)"),
  url: ToolUrl,
  api_token: ApiToken.optional(),
});

export const ToolCategory = z.string().trim().min(1).max(64);
export const ToolTags = z
  .array(z.string().trim().min(1).max(64))
  .max(32)
  .transform((tags) => [...new Set(tags)]);

export const ToolRegistration = z
  .object({
    tools: z.array(ToolDefinition).min(1, "at least one tool is required").max(100).describe("Registered atomically: all or none"),
    tools_params: z
      .record(z.string(), ToolParamsEntry)
      .describe("Keyed by function.name: exactly one entry per tool and one tool per entry"),
    category: ToolCategory.default("custom").describe("Default `custom`"),
    tags: ToolTags.default([]).describe("Up to 32 tags, duplicates dropped"),
  })
  .superRefine((body, ctx) => {
    const seen = new Map<string, number>();
    body.tools.forEach((tool, i) => {
      const name = tool.function.name;
      if (seen.has(name)) {
        ctx.addIssue({ code: "custom", path: ["tools", i, "function", "name"], message: `duplicate name '${name}' (also tools[${seen.get(name)}])` });
      } else seen.set(name, i);
      if (!Object.hasOwn(body.tools_params, name)) {
        ctx.addIssue({ code: "custom", path: ["tools_params", name], message: `tool '${name}' has no tools_params entry` });
      }
    });
    for (const key of Object.keys(body.tools_params)) {
      if (!seen.has(key)) ctx.addIssue({ code: "custom", path: ["tools_params", key], message: `entry '${key}' matches no tool in tools` });
    }
  });
export type ToolRegistration = z.output<typeof ToolRegistration>;

/**
 * PATCH /api/tools/{id}: every field optional. `tools_params.api_token: null` removes the token;
 * leaving it out keeps the stored one (the console never sees it, so it cannot send it back).
 */
export const ToolPatch = z
  .object({
    description: ToolFunction.shape.description.optional(),
    parameters: ToolParameters.optional(),
    category: ToolCategory.optional(),
    tags: ToolTags.optional(),
    isActive: z.boolean().optional().describe("Inactive tools cannot be tested or attached to agents"),
    tools_params: z
      .object({ method: ToolMethodField.optional(), url: ToolUrl.optional(), api_token: ApiToken.nullable().optional() })
      .optional()
      .describe("Changes to the tool's target; `api_token` replaces the stored token, `null` removes it"),
  })
  .strict()
  .refine((p) => Object.values(p).some((v) => v !== undefined), { message: "nothing to update" });
export type ToolPatch = z.output<typeof ToolPatch>;

/** POST /api/tools/{id}/test: any JSON object; the tool's own schema judges it. */
export const ToolTestBody = z
  .record(z.string(), z.unknown(), { error: "must be a JSON object of parameters" })
  .describe("The parameters to call the tool with; validated against the tool's `parameters` schema first");

export const ToolListQuery = z
  .object({
    ...PageQuery.shape,
    category: z.string().min(1).max(64).optional(),
    tag: z.string().min(1).max(64).optional(),
    is_active: documentedAs(z.enum(["true", "false"], { error: "must be true or false" }).transform((v) => v === "true"), { type: "boolean" }).optional(),
    q: z.string().max(200).optional(),
  })
  .strict();
export type ToolListQuery = z.output<typeof ToolListQuery>;

/** One run of POST /api/tools/{id}/test, as kept in the tool's history. */
export interface ToolTestRecord {
  id: number; test_status: string; http_status: number | null; message: string;
  request_url: string; request_method: string; test_params: Record<string, unknown>;
  response_data: Record<string, unknown> | null; tested_at: string; duration_ms: number;
}

/** The tool record of the API: the spec's fields plus what the console needs (never the token). */
export interface ToolRecord {
  id: string; name: string; description: string; category: string; tags: string[];
  isActive: boolean; lastTested: string | null; testStatus: string; createdAt: string; updatedAt: string;
  method: ToolMethod; url: string; parameters: Record<string, unknown>; api_token_hint: string | null;
}
