import pkg from "@/package.json";
import { SchemaRegistry, type JsonSchema } from "./json-schema";
import { completeOperation, methodNotAllowedResponses, type Method, type OperationObject, type ResponseObject } from "./operation";
import { agentPaths } from "@/lib/agents/openapi";
import { contactsPaths } from "@/lib/contacts/openapi";
import { suppressionsPaths } from "@/lib/suppressions/openapi";
import { campaignsPaths } from "@/lib/campaigns/openapi";
import { detailsPaths } from "@/lib/calls/openapi";
import { enginesPaths } from "@/lib/engines/openapi";
import { aiProvidersPaths, aiProvidersTag } from "@/lib/ai-providers/openapi";
import { analysisPaths } from "@/lib/analysis/openapi";
import { webhooksPaths, webhooksTag } from "@/lib/webhooks/openapi";
import { alertsPaths, alertsTag } from "@/lib/alerts/openapi";
import { pricingPaths, pricingTag } from "@/lib/pricing/openapi";
import { healthPaths } from "./health";
import { sessionPaths } from "@/lib/people/openapi-session";
import { teamsPaths } from "@/lib/people/openapi";
import { toolsPaths } from "@/lib/tools/openapi";

// The OpenAPI 3.1 description of /api, built from the zod schemas the handlers validate with.
// Served at /api/openapi.json and rendered at /docs.

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string; license: { name: string; identifier: string } };
  servers: { url: string; description: string }[];
  security: Record<string, string[]>[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, OperationObject>>;
  components: {
    schemas: Record<string, JsonSchema>;
    /** Answers shared by every path rather than one operation: a method the path does not serve. */
    responses: Record<string, ResponseObject>;
    securitySchemes: Record<string, Record<string, string>>;
  };
}

export const AUTH_NOTE =
  "Every endpoint except /health, /openapi.json and console sign-in/sign-out requires `Authorization: Bearer <token>`. " +
  "Tokens look like `sk_…`; an operator creates them with `npm run cli -- token create --account <id>`, and they are " +
  "shown once. The account is taken from the token only: another account's ids answer 404. The console authenticates " +
  "with the session cookie from POST /session instead.";

const DESCRIPTION = [
  "JSON API of Voxdesk, an admin console for a voice-AI agent platform. Paths are relative to the server URL `/api`.",
  AUTH_NOTE,
  "Bodies must be sent with `Content-Type: application/json` and are limited to `MAX_BODY_BYTES` (default 5 MiB). " +
    "Errors answer `{\"error\": <status>, \"message\": \"…\"}` — the /tools endpoints `{\"success\": false, \"message\": \"…\"}` — " +
    "with `errors: [{path, message}]` on validation failures, and an `x-request-id` header that the server log shares.",
  "A method a path does not serve is answered 405 in the same error body, with an `Allow` header naming the methods the path serves " +
    "(components.responses `MethodNotAllowed`, and `ToolMethodNotAllowed` for /tools); OPTIONS answers 204 with that `Allow`.",
  "Units: call `duration` and `hangup_after_silence` are in seconds, `cost` in USD; timestamps are ISO 8601 UTC.",
].join("\n\n");

const TAGS = [
  { name: "Call analytics", description: "Call records and dashboard aggregates (`GET /details` of the platform spec)." },
  { name: "Agents", description: "Voice AI agents (`POST /agent` of the platform spec, plus console reads and changes)." },
  { name: "Tools", description: "API tools agents can call, and test calls of them. Error body: `{success: false, message}`." },
  { name: "Contacts", description: "Contact lists for outbound calling; numbers are de-duplicated by their E.164 form." },
  { name: "Engines", description: "Voice engines (hosted Bolna; your own Bolna server dialling through your Twilio account) the account's agents deploy to and place calls through, and the routes they report calls to." },
  aiProvidersTag,
  webhooksTag,
  alertsTag,
  pricingTag,
  { name: "Campaigns", description: "Outbound campaigns and the account's do-not-call list." },
  { name: "Console session", description: "Sign-in for the web console (not in the platform spec)." },
  { name: "Teams", description: "Members, roles, API keys and the audit log (admin and above)." },
  { name: "Meta", description: "Health check and this description." },
];

export function buildOpenApiDocument(): OpenApiDocument {
  const r = new SchemaRegistry();
  const paths = {
    ...detailsPaths(r),
    ...analysisPaths(r),
    ...agentPaths(r),
    ...toolsPaths(r),
    ...contactsPaths(r),
    ...enginesPaths(r),
    ...aiProvidersPaths(r),
    ...webhooksPaths(r),
    ...alertsPaths(r),
    ...pricingPaths(r),
    ...suppressionsPaths(r),
    ...campaignsPaths(r),
    ...sessionPaths(r),
    ...teamsPaths(r),
    ...healthPaths(r),
  };
  const responses = methodNotAllowedResponses(r);
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) completeOperation(path, method as Method, op);
  }
  return {
    openapi: "3.1.0",
    info: { title: "Voxdesk API", version: pkg.version, description: DESCRIPTION, license: { name: "MIT", identifier: "MIT" } },
    servers: [{ url: "/api", description: "This server" }],
    // Either credential is accepted; operations that need none override this with `security: []`.
    security: [{ bearerAuth: [] }, { sessionCookie: [] }],
    tags: TAGS,
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(r.schemas).sort(([a], [b]) => a.localeCompare(b))),
      responses,
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "sk_<random>",
          description: "An API token: `Authorization: Bearer sk_…`",
        },
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "voxdesk_session",
          description: "Console session from POST /session. Writes must also send a same-origin `Origin` header.",
        },
      },
    },
  };
}

let cached: OpenApiDocument | undefined;

/** Built once per process: the schemas cannot change while it runs. */
export function getOpenApiDocument(): OpenApiDocument {
  cached ??= buildOpenApiDocument();
  return cached;
}
