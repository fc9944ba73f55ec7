import { z } from "zod";
import type { SchemaRegistry } from "./json-schema";
import { operation, type OperationObject } from "./operation";

const Readiness = z.object({
  failing: z.array(z.string()).describe('Each part that is not ready, e.g. "migrations: 24 of 25 applied"; empty when ready'),
  database: z.enum(["ok", "unreachable"]),
  migrations: z.object({ applied: z.number().int(), latest: z.number().int().describe("The newest migration this build ships") }).nullable().describe("null: the database is unreachable"),
  workers: z.array(z.object({
    name: z.string().describe("The background loop (campaign dispatcher, analysis worker, webhook delivery, …)"),
    last_tick_at: z.string().nullable().describe("When its last tick ended (or began, while the first runs); null before its first"),
    ok: z.boolean(),
  })).describe("This instance's background loops"),
});

export function healthPaths(r: SchemaRegistry): Record<string, Record<string, OperationObject>> {
  return {
    "/health": {
      get: operation(r, "get", {
        tag: "Meta",
        operationId: "getHealth",
        summary: "Liveness and database check",
        description: "For load balancers. No authentication; runs one trivial database query.",
        auth: false,
        responses: { 200: { description: "The server and its database answer", schema: z.object({ status: z.literal("ok") }) } },
        errors: { 503: { description: "The database cannot be queried", schema: z.object({ status: z.literal("unavailable") }) } },
      }),
    },
    "/ready": {
      get: operation(r, "get", {
        tag: "Meta",
        operationId: "getReadiness",
        summary: "Whether this instance can serve",
        description: "For orchestrators. No authentication. Checks that the database answers, that its migrations are the ones this build ships, and that each background loop of this instance ticked recently (within three of its periods, at least a minute; a tick under way at most ten minutes). Each instance answers for itself.",
        auth: false,
        responses: { 200: { description: "Every part is ready", schema: Readiness.extend({ status: z.literal("ready") }) } },
        errors: { 503: { description: "A part is not ready: `failing` names each", schema: Readiness.extend({ status: z.literal("unavailable") }) } },
      }),
    },
    "/openapi.json": {
      get: operation(r, "get", {
        tag: "Meta",
        operationId: "getOpenApiDocument",
        summary: "This API description (OpenAPI 3.1)",
        description: "Generated from the zod schemas the handlers validate with. No authentication. Rendered readably at /docs.",
        auth: false,
        responses: {
          200: {
            description: "The OpenAPI 3.1 document",
            schema: z
              .object({
                openapi: z.literal("3.1.0"),
                info: z.object({ title: z.string(), version: z.string() }).loose(),
                paths: z.record(z.string(), z.unknown()),
              })
              .loose()
              .describe("An OpenAPI 3.1 document (https://spec.openapis.org/oas/v3.1.0)"),
          },
        },
      }),
    },
  };
}
