import { z } from "zod";
import type { SchemaRegistry } from "./json-schema";
import { operation, type OperationObject } from "./operation";

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
