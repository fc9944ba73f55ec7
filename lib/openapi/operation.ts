import type { z } from "zod";
import type { Role } from "@/lib/people/roles";
import type { JsonSchema, ParameterObject, SchemaRegistry } from "./json-schema";
import { ErrorBody, ToolErrorBody } from "./responses";
import { isWriteMethod, neededRole, wrapperStatuses, type RouteFacts } from "./statuses";

// Builds OpenAPI operation objects from the same options the route wrapper takes (body, query,
// params, auth, role, family), so the error responses a wrapper-produced answer can have are listed
// automatically (statuses.ts) and an endpoint's documentation cannot forget them.

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
  /** The route's `role` option, when it has one (else the default for its path, lib/people/roles.ts). */
  role?: Role;
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
  400: "Invalid request. The message and `errors` name each bad field by its path, e.g. `agent_config.tasks[0].task_config.hangup_after_silence`, and each bad query parameter by its name. A body with a `__proto__` key anywhere is refused, the key named the same way.",
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

/**
 * The answer to a method a path does not serve (lib/http/methods.ts), one per error family. No
 * operation can carry it (the path item lists only the methods served), so it is a reusable
 * response in components.responses, named in the document's description.
 */
export function methodNotAllowedResponses(r: SchemaRegistry): Record<string, ResponseObject> {
  const description = "Method not allowed: the path exists but does not serve this method. The message and `Allow` name the methods it does; OPTIONS answers 204 with the same `Allow`.";
  const headers = headerObjects({ Allow: "The methods the path serves, with HEAD beside GET, and OPTIONS: e.g. `GET, HEAD, OPTIONS, POST`.", ...REQUEST_ID });
  const answer = (schema: JsonSchema): ResponseObject => ({ description, headers, content: { "application/json": { schema } } });
  return { MethodNotAllowed: answer(r.output(ErrorBody)), ToolMethodNotAllowed: answer(r.output(ToolErrorBody)) };
}

/** What completeOperation needs once the path is known: the route facts and the family's error body. */
const pending = new WeakMap<OperationObject, { facts: RouteFacts; errorSchema: JsonSchema }>();

export function operation(r: SchemaRegistry, method: Method, spec: OperationSpec): OperationObject {
  const auth = spec.auth ?? true;
  const errorSchema = r.output(spec.family === "success" ? ToolErrorBody : ErrorBody);
  const parameters = [
    ...(spec.params ? r.parameters(spec.params, "path", spec.paramNotes) : []),
    ...(spec.query ? r.parameters(spec.query, "query", spec.queryNotes) : []),
  ];

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
  for (const [status, e] of Object.entries(spec.errors ?? {})) {
    responses[status] =
      typeof e === "string"
        ? errorResponse(Number(status), e, errorSchema, true)
        : errorResponse(Number(status), e.description, r.output(e.schema), false);
  }

  const op: OperationObject = {
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
  pending.set(op, { facts: { auth, role: spec.role, params: Boolean(spec.params), query: Boolean(spec.query), body: Boolean(spec.body) }, errorSchema });
  return op;
}

function errorResponse(status: number, description: string, schema: JsonSchema, wrapper: boolean): ResponseObject {
  // The route wrapper adds x-request-id to every answer and the challenge to every 401, whoever built it.
  const headers = headerObjects({ ...(wrapper || status === 401 ? HEADERS[status] : {}), ...REQUEST_ID });
  return { description, headers, content: { "application/json": { schema } } };
}

/** The 403 and 404 texts depend on the operation: who may call it, what its path names. */
function describe(status: number, path: string, method: Method, facts: RouteFacts): string {
  if (status === 403) {
    const role = neededRole(method, `/api${path}`, facts.role);
    const write = isWriteMethod(method) ? ", the API key is read-only, or a console session's write came without this site's `Origin`" : "";
    return `Forbidden: this needs the ${role} role or higher (viewer < editor < admin < owner) and the caller's is lower${write}.`;
  }
  if (status === 404) {
    const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => `\`${m[1]}\``).join(", ");
    return `Not found: nothing with this ${names} in the caller's account (another account's ids answer 404 too).`;
  }
  return STANDARD_ERRORS[status];
}

/**
 * Adds the statuses the route wrapper can answer (statuses.ts) to an operation, now that its path
 * is known (the default role depends on it); an endpoint's own description of a status wins.
 * Called by the document for every operation.
 */
export function completeOperation(path: string, method: Method, op: OperationObject): OperationObject {
  const known = pending.get(op);
  if (!known) throw new Error(`${method.toUpperCase()} ${path} was not built with operation()`);
  for (const status of wrapperStatuses(method, `/api${path}`, known.facts)) {
    op.responses[status] ??= errorResponse(status, describe(status, path, method, known.facts), known.errorSchema, true);
  }
  op.responses = Object.fromEntries(Object.entries(op.responses).sort(([a], [b]) => Number(a) - Number(b)));
  return op;
}
