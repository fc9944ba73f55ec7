import { z } from "zod";
import { AgentIdParams } from "@/lib/agents/schema";
import { DeployBody, EngineCreate, EngineIdParams, EnginePatch, EngineSyncView, PlaceCallBody, SyncBody, SyncParams, WebhookParams } from "@/lib/engines/schema";
import { ExecutionBody } from "@/lib/engines/bolna/schema";
import { CAPABILITIES, PROVIDER_NAMES } from "@/lib/engines/providers";
import { PushBody } from "@/lib/engines/push";
import { CallSidParams } from "@/lib/calls/schema";
import { PageQuery } from "@/lib/core/page-query";
import type { SchemaRegistry } from "@/lib/openapi/json-schema";
import { operation, type OperationObject } from "@/lib/openapi/operation";
import { hasMore, nextCursor, timestamp, uuid } from "@/lib/openapi/responses";

const Engine = z
  .object({
    engine_id: uuid("Engine id"),
    name: z.string(),
    provider: z.enum(PROVIDER_NAMES).describe("Which kind of engine: its adapter"),
    capabilities: z.array(z.enum(CAPABILITIES)).describe("What Voxdesk can do with this engine: deploy agents, place calls, sync past calls, receive its reports as they happen (push), and whether it analyses calls itself. An operation it lacks answers 422 naming why"),
    base_url: z.string().describe("Base URL of the engine's API, e.g. https://api.bolna.ai"),
    api_key_hint: z.string().describe("Last four characters of the API key (empty for short keys); the key itself is never returned"),
    webhook_url: z.string().optional().describe("Where the engine must post its reports: <PUBLIC_URL>/api/webhooks/<provider>/<secret>. Treat it as a secret: shown to admins and owners only, left out for editors"),
    webhook_secret: z.string().optional().describe("vapi only, in the answer that created the engine or rotated its webhook URL: the token of the Bearer credential to set on Vapi's Server URL"),
    phone_number_id: z.string().nullable().optional().describe("vapi only: the Vapi number calls are placed from"),
    from_number: z.string().nullable().optional().describe("retell only: the Retell number calls are placed from"),
    created_at: timestamp("Creation time"),
    updated_at: timestamp("Last change"),
  })
  .meta({ id: "Engine" });

const RemoteAgents = z.object({
  remote_agents: z.array(z.object({
    agent_id: uuid("The linked agent here"),
    remote_agent_id: z.string().describe("The assistant's (Vapi) or agent's (Retell) id in the vendor's dashboard"),
    name: z.string(),
  })),
}).meta({ id: "RemoteAgents" });

const EngineSync = EngineSyncView.extend({
  started_at: timestamp("When the sync was asked for"),
  finished_at: timestamp("When it ended; null while running").nullable(),
}).meta({ id: "EngineSync" });

const NOT_FOUND = "No engine with this id in the caller's account";
const ENGINE_ERRORS = { 422: "The engine refused the request or the API key (its HTTP status and a short reason; the engine's own answer goes to the server log), or its address is not allowed", 424: "The engine could not be reached, timed out or answered 5xx" };

export function enginesPaths(r: SchemaRegistry): Record<string, Record<string, OperationObject>> {
  return {
    "/engines": {
      post: operation(r, "post", {
        tag: "Engines", operationId: "createEngine", summary: "Connect a voice engine (Bolna, self-hosted Bolna, Vapi, Retell)",
        description: "The API key is sealed at rest (AES-256-GCM) and never returned. Engine traffic goes through the same SSRF-safe client as tool tests (TOOL_TARGET_ALLOWLIST applies).",
        body: EngineCreate,
        bodyExample: { name: "Bolna hosted", provider: "bolna", base_url: "https://api.bolna.ai", api_key: "bn-your-bolna-api-key" },
        responses: { 201: { description: "Created", schema: Engine } },
      }),
      get: operation(r, "get", {
        tag: "Engines", operationId: "listEngines", summary: "List engines", query: PageQuery,
        responses: { 200: { description: "One page, newest first", schema: z.object({ engines: z.array(Engine), next_cursor: nextCursor, has_more: hasMore }) } },
      }),
    },
    "/engines/{engine_id}/remote-agents": {
      get: operation(r, "get", {
        tag: "Engines", operationId: "listRemoteAgents", summary: "The vendor's agents, linked",
        description: "Vapi and Retell engines: the assistants or agents configured in the vendor's dashboard, each linked to an agent of the account (created on first sight, renamed with the vendor). Editors and above: linking creates agents.",
        params: EngineIdParams, responses: { 200: { description: "Every remote agent with its linked agent", schema: RemoteAgents } },
        errors: { 404: NOT_FOUND, 422: `The engine runs agents Voxdesk deploys (Bolna), or ${ENGINE_ERRORS[422].charAt(0).toLowerCase()}${ENGINE_ERRORS[422].slice(1)}`, 424: ENGINE_ERRORS[424] },
      }),
    },
    "/engines/{engine_id}": {
      get: operation(r, "get", { tag: "Engines", operationId: "getEngine", summary: "Get an engine", params: EngineIdParams, responses: { 200: { description: "The engine", schema: Engine } }, errors: { 404: NOT_FOUND } }),
      patch: operation(r, "patch", {
        tag: "Engines", operationId: "updateEngine", summary: "Change an engine",
        description: "Rename, change the base URL, replace the API key, or `rotate_webhook_secret: true` (the old webhook URL stops working at once). "
          + "The key is bound to the origin (scheme, host, port) of base_url: moving base_url to another origin needs `api_key` again.",
        params: EngineIdParams, body: EnginePatch, responses: { 200: { description: "The engine after the change", schema: Engine } },
        errors: { 404: NOT_FOUND, 422: "`base_url` moves to another origin without `api_key`; nothing was changed" },
      }),
      delete: operation(r, "delete", {
        tag: "Engines", operationId: "deleteEngine", summary: "Delete an engine", description: "Its deployments are forgotten; agents on the engine itself are left as they are.",
        params: EngineIdParams, responses: { 200: { description: "Deleted", schema: z.object({ engine_id: z.string(), status: z.literal("deleted") }) } }, errors: { 404: NOT_FOUND },
      }),
    },
    "/engines/{engine_id}/check": {
      post: operation(r, "post", {
        tag: "Engines", operationId: "checkEngine", summary: "Check the connection",
        description: "Calls the engine's `GET /v2/agent/all` with the stored key. A failed check answers 200 with `ok: false`.",
        params: EngineIdParams, responses: { 200: { description: "The result", schema: z.object({ ok: z.boolean(), message: z.string() }) } }, errors: { 404: NOT_FOUND },
      }),
    },
    "/agent/{id}/deploy": {
      post: operation(r, "post", {
        tag: "Engines", operationId: "deployAgent", summary: "Deploy an agent to an engine",
        description: "Compiles the agent into the engine's payload (for Bolna: tools inline from the registry, `webhook_url` set on the hosted API, Voxdesk-only fields left out) and creates the remote agent (`POST /v2/agent`; a self-hosted server's `POST /agent`) or replaces it (`PUT`) on later deploys. `version` picks the content pushed (default the latest): rolling back is deploying an older version; the agent's `deployments` record the version each engine runs. What the engine would refuse is a 422 naming the fields, and nothing is sent. The answer carries the pushed version's last finished test run: the console asks before deploying a version whose run did not pass.",
        params: AgentIdParams, body: DeployBody,
        responses: { 200: { description: "Deployed", schema: z.object({
          agent_id: uuid("Agent"), engine_id: uuid("Engine"), remote_agent_id: z.string(), version: z.number().int().describe("The version pushed"), status: z.literal("deployed"), deployed_at: timestamp("Deploy time"),
          tests: z.object({ passed: z.number().int().min(0), total: z.number().int().min(0) }).nullable().describe("The pushed version's last finished test run; null when none finished"),
          recreated: z.literal(true).optional().describe("The engine had lost the agent deployed before (a self-hosted server answered it unknown): it was created anew"),
        }) } },
        errors: { 404: "No such agent, version or engine in the caller's account", ...ENGINE_ERRORS },
      }),
    },
    "/agent/{id}/call": {
      post: operation(r, "post", {
        tag: "Engines", operationId: "placeCall", summary: "Place a call with an agent",
        description: "Numbers in any notation the contacts endpoint reads (without `+`: the agent's country), sent to the engine as E.164; `template_variables` become Bolna's `user_data`. The call is in GET /details at once with status `queued` and follows the engine's webhooks from there.",
        params: AgentIdParams, body: PlaceCallBody, bodyExample: { to_number: "+1 415 555 0102", template_variables: { first_name: "Ada" } },
        responses: { 202: { description: "Queued on the engine", schema: z.object({ call_sid: z.string().describe("The engine's execution id"), status: z.literal("queued") }) } },
        errors: { 404: "No such agent in the caller's account", 422: "A number is not valid, the agent is not deployed (on that engine), or the engine refused the call", 424: ENGINE_ERRORS[424] },
      }),
    },
    "/engines/{engine_id}/sync": {
      post: operation(r, "post", {
        tag: "Engines", operationId: "syncEngine", summary: "Pull past calls from the engine",
        description: "For when the engine's reports cannot reach Voxdesk: pulls the calls created in the range (default the last 7 days) through the same upsert as its webhook (hosted Bolna: `GET /v2/agent/{remote}/executions` for every deployed agent, 7-day windows, pages of 50). "
          + "It runs in the background, on this instance or another, and survives a restart (a run whose instance stopped is pulled again from its range); follow it with GET …/syncs/{sync_id}. Running it twice changes nothing.",
        params: EngineIdParams, body: SyncBody, bodyExample: {},
        responses: { 202: { description: "Started: the run as it stands (status `running`, nothing counted yet)", schema: EngineSync } },
        errors: { 404: NOT_FOUND, 422: "This kind of engine cannot sync (the error names why), or `from` is after `to`" },
      }),
    },
    "/engines/{engine_id}/syncs": {
      get: operation(r, "get", {
        tag: "Engines", operationId: "listEngineSyncs", summary: "List an engine's syncs", description: "Newest first, a keyset page (20 by default).",
        params: EngineIdParams, query: PageQuery,
        responses: { 200: { description: "The runs", schema: z.object({ syncs: z.array(EngineSync), next_cursor: nextCursor, has_more: hasMore }) } },
        errors: { 404: NOT_FOUND },
      }),
    },
    "/engines/{engine_id}/syncs/{sync_id}": {
      get: operation(r, "get", {
        tag: "Engines", operationId: "getEngineSync", summary: "Get a sync", description: "Its progress while running (the counts and pages are written after each page), then what it found, or why it failed.",
        params: SyncParams, responses: { 200: { description: "The run", schema: EngineSync } },
        errors: { 404: "No such sync of this engine in the caller's account" },
      }),
    },
    "/ingest/{engine_id}": {
      post: operation(r, "post", {
        tag: "Engines", operationId: "pushCall", summary: "Push what an engine knows of a call", auth: false,
        description: "For engines that report a call's conversation after it (a self-hosted Bolna server running integrations/bolna-server) and anything else observing its calls: one record per POST in Voxdesk's schema, signed in the Standard Webhooks scheme (`webhook-id`, `webhook-timestamp`, `webhook-signature`) with the engine's `push_secret`. Each record patches the call it names by `call_sid` (the carrier's Call SID); a call nobody placed is recorded anew (an inbound call). A repeat changes nothing. The signature is checked over the raw body before it is read as JSON.",
        params: EngineIdParams, body: PushBody,
        bodyExample: { call_sid: "CA0123456789abcdef0123456789abcdef", agent_id: "4f6e0c1a-0b7e-4e7c-9d55-0f5a8b1c2d3e", task: "conversation",
          transcript: [{ role: "assistant", text: "Hello, this is the clinic." }, { role: "user", text: "I'd like Tuesday.", start_s: 3.1 }],
          end_reason: "llm_prompted_hangup", duration_s: 29.5, usage: { stt_seconds: 21, tts_characters: 140 }, latency: { turns: [820, 640] } },
        responses: { 200: { description: "Stored", schema: z.object({ ok: z.literal(true), call_sid: z.string(), outcome: z.enum(["imported", "updated", "unchanged"]) }) } },
        errors: { 401: "The signature does not verify with the engine's push_secret (or its timestamp is more than 5 minutes off)", 404: "No engine with this id takes pushes", 429: "More than WEBHOOK_RATE_LIMIT_PER_MINUTE records for this engine this minute" },
      }),
    },
    "/details/{call_sid}/recording": {
      get: operation(r, "get", {
        tag: "Call analytics", operationId: "getCallRecording", summary: "Stream a call's recording",
        description: "For recordings the engine keeps behind its credentials (Twilio's media of a self-hosted Bolna call): Voxdesk fetches it with them and streams it; the credentials never reach the client. `Range` is passed through (206 with `Content-Range`).",
        params: CallSidParams,
        responses: {
          200: { description: "The whole recording", contentType: "audio/wav", schema: z.string().describe("Audio bytes") },
          206: { description: "The range asked for", contentType: "audio/wav", schema: z.string().describe("Audio bytes") },
        },
        errors: { 404: "No such call in the caller's account, or it has no recording Voxdesk streams", 416: "The range is outside the recording", 424: "The carrier did not serve the recording" },
      }),
    },
    "/webhooks/{provider}/{secret}": {
      post: operation(r, "post", {
        tag: "Engines", operationId: "engineWebhook", summary: "Receive an engine's report of a call", auth: false,
        description: "Each engine posts its reports here (its `webhook_url`). The secret in the path authenticates and names the engine; a wrong one, or a provider that is not the engine's, is a 404. For `bolna`: its execution object on every status change (set as the agent's `webhook_url` at deploy). Upserts the call by its id: resends and late earlier statuses change nothing.",
        params: WebhookParams, body: ExecutionBody,
        responses: { 200: { description: "Stored", schema: z.object({ ok: z.literal(true), call_sid: z.string(), outcome: z.enum(["imported", "updated", "unchanged"]) }) } },
        errors: { 403: "A carrier callback (a self-hosted Bolna call's Twilio callback) without a valid X-Twilio-Signature; nothing is written", 404: "No engine has this webhook secret (checked before the body is read)", 415: "The body is not what this engine posts (JSON, or a form for Twilio)", 422: "This kind of engine does not report calls to a webhook", 429: "More than WEBHOOK_RATE_LIMIT_PER_MINUTE deliveries for this engine this minute" },
      }),
    },
  };
}
