import type { z } from "zod";
import type { JsonSchema, ParameterObject, SchemaRegistry } from "./json-schema";
import { ErrorBody, ToolErrorBody } from "./responses";

// Builds OpenAPI operation objects from the same options the route wrapper takes (body, query,
// params, auth, family), so the error responses a wrapper-produced answer can have are listed
// automatically and an endpoint's documentation cannot forget them.

export type Method = "get" | "post" | "put" | "patch" | "delete";
export type Family = "error" | "success";

interface ResponseSpec {
  description: string;
  /** Response body; omitted for bodiless answers such as 204. */
  schema?: z.ZodType;
  /** Media type of the body (default application/json), e.g. text/csv for a download. */
  contentType?: string;
  headers?: Record<string, string>;
}

export interface OperationSpec {
  tag: string;
  operationId: string;
  summary: string;
  description?: string;
  /** Error body shape of the endpoint family: `{error, message}` (default) or `{success: false, message}`. */
  family?: Family;
  /** Default true. */
  auth?: boolean;
  query?: z.ZodType;
  queryNotes?: Record<string, string>;
  params?: z.ZodType;
  paramNotes?: Record<string, string>;
  body?: z.ZodType;
  bodyDescription?: string;
  bodyExample?: unknown;
  responses: Record<number, ResponseSpec>;
  /** Errors specific to this endpoint; a schema replaces the family's error body. */
  errors?: Record<number, string | { description: string; schema: z.ZodType }>;
}

export interface OperationObject {
  tags: string[];
  operationId: string;
  summary: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: ParameterObject[];
  requestBody?: { required: boolean; description?: string; content: Record<string, { schema: JsonSchema; example?: unknown }> };
  responses: Record<string, ResponseObject>;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  content?: Record<string, { schema: JsonSchema }>;
}

const STANDARD_ERRORS: Record<number, string> = {
  400: "Invalid request. The message and `errors` name each bad field by its path, e.g. `agent_config.tasks[0].task_config.hangup_after_silence`.",
  401: "Missing or malformed `Authorization: Bearer <token>` header, or an unknown or revoked token. Sent with `WWW-Authenticate: Bearer`.",
  413: "Request body larger than `MAX_BODY_BYTES` (default 5 MiB, counted while reading).",
  415: "`Content-Type` is not `application/json`.",
  429: "More than `RATE_LIMIT_PER_MINUTE` requests (default 1200) in the current minute for this token; `Retry-After` gives the seconds to wait.",
  500: "Unexpected server error. The message carries a request id (also in the `x-request-id` header) under which the server logged the details.",
  503: "The database stayed busy beyond its lock timeout; retry after `Retry-After` seconds.",
};

const HEADERS: Record<number, Record<string, string>> = {
  401: { "WWW-Authenticate": 'Always `Bearer realm="voxdesk"`.' },
  429: { "Retry-After": "Seconds until the rate-limit window resets." },
  503: { "Retry-After": "Seconds to wait before retrying." },
};

const REQUEST_ID = { "x-request-id": "Id of this request (a UUID), also in the server's log lines about it." };

function headerObjects(headers: Record<string, string> | undefined) {
  if (!headers) return undefined;
  return Object.fromEntries(Object.entries(headers).map(([name, description]) => [name, { description, schema: { type: "string" } }]));
}

export function operation(r: SchemaRegistry, method: Method, spec: OperationSpec): OperationObject {
  const auth = spec.auth ?? true;
  const errorSchema = r.output(spec.family === "success" ? ToolErrorBody : ErrorBody);
  const parameters = [
    ...(spec.params ? r.parameters(spec.params, "path", spec.paramNotes) : []),
    ...(spec.query ? r.parameters(spec.query, "query", spec.queryNotes) : []),
  ];

  const implied = new Set<number>([500]);
  if (auth) [401, 429].forEach((s) => implied.add(s));
  if (spec.query || spec.params) implied.add(400);
  if (spec.body) [400, 413, 415].forEach((s) => implied.add(s));
  if (method !== "get" && auth) implied.add(503);

  const responses: Record<string, ResponseObject> = {};
  for (const [status, res] of Object.entries(spec.responses)) {
    responses[status] = {
      description: res.description,
      ...(res.headers ? { headers: headerObjects(res.headers) } : {}),
      ...(res.schema ? { content: { [res.contentType ?? "application/json"]: { schema: r.output(res.schema) } } } : {}),
    };
  }
  // Errors in the family's body come from the route wrapper (AppError), with its headers;
  // an endpoint-specific schema is the handler's own answer.
  const errors: Record<number, { description: string; schema: JsonSchema; wrapper: boolean }> = {};
  for (const status of implied) errors[status] = { description: STANDARD_ERRORS[status], schema: errorSchema, wrapper: true };
  for (const [status, e] of Object.entries(spec.errors ?? {})) {
    errors[Number(status)] =
      typeof e === "string"
        ? { description: e, schema: errorSchema, wrapper: true }
        : { description: e.description, schema: r.output(e.schema), wrapper: false };
  }
  for (const [status, e] of Object.entries(errors).sort(([a], [b]) => Number(a) - Number(b))) {
    // The route wrapper adds x-request-id to every answer and the challenge to every 401, whoever built it.
    const headers = headerObjects({ ...(e.wrapper || Number(status) === 401 ? HEADERS[Number(status)] : {}), ...REQUEST_ID });
    responses[status] = { description: e.description, headers, content: { "application/json": { schema: e.schema } } };
  }

  return {
    tags: [spec.tag],
    operationId: spec.operationId,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    ...(auth ? {} : { security: [] }),
    ...(parameters.length ? { parameters } : {}),
    ...(spec.body
      ? {
          requestBody: {
            required: true,
            ...(spec.bodyDescription ? { description: spec.bodyDescription } : {}),
            content: {
              "application/json": { schema: r.input(spec.body), ...(spec.bodyExample !== undefined ? { example: spec.bodyExample } : {}) },
            },
          },
        }
      : {}),
    responses,
  };
}
