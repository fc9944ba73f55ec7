import { z } from "zod";
import { TemplateVariables } from "@/lib/contacts/schema";
import { SelfHostedBolnaCreate, TwilioPatch } from "./bolna-self-hosted/schema";
import { ApiKey, BaseUrl, Name } from "./schema-parts";
import { RetellCreate, RetellPatch } from "./retell/schema";
import { VapiCreate, VapiPatch } from "./vapi/schema";

// One schema for `POST/PATCH /api/engines` and the console's engine form.

/** Hosted Bolna, the engine a body without `provider` means (the console's form for it). */
export const HostedEngineCreate = z.object({
  name: Name,
  provider: z.literal("bolna").default("bolna"),
  base_url: BaseUrl.default("https://api.bolna.ai"),
  api_key: ApiKey,
}).strict();

const KINDS = "must be \"bolna\" (Bolna's hosted API), \"bolna-self-hosted\" (your own Bolna server, dialling through your Twilio account), \"vapi\" or \"retell\"";
/** One schema per kind of engine, told apart by `provider` (default "bolna"). */
export const EngineCreate = z.preprocess(
  (v) => (typeof v === "object" && v !== null && !Array.isArray(v) && !("provider" in v) ? { ...v, provider: "bolna" } : v),
  z.discriminatedUnion("provider", [HostedEngineCreate, SelfHostedBolnaCreate, VapiCreate, RetellCreate], { error: KINDS }),
);
export type EngineCreateInput = z.input<typeof HostedEngineCreate> | z.input<typeof SelfHostedBolnaCreate> | z.input<typeof VapiCreate> | z.input<typeof RetellCreate>;
/** The console's form for a self-hosted engine: the API's schema (the optional key may be left blank there). */
export const SelfHostedEngineForm = SelfHostedBolnaCreate.extend({ api_key: z.union([z.literal(""), SelfHostedBolnaCreate.shape.api_key.unwrap()]).optional() });
export type EngineCreateBody = z.output<typeof EngineCreate>;
/** The API's schemas of the engines whose agents live in the vendor's dashboard, for the console's forms for them. */
export const VendorEngineCreate = { vapi: VapiCreate, retell: RetellCreate } as const;

export const EnginePatch = z.object({
  name: Name.optional(),
  base_url: BaseUrl.optional(),
  api_key: ApiKey.optional(),
  rotate_webhook_secret: z.boolean().optional(),
  telephony: TwilioPatch.optional().describe("bolna-self-hosted only: Twilio settings to change"),
  rotate_push_secret: z.boolean().optional().describe("bolna-self-hosted only: a new push secret, shown once in the answer; the old one stops working at once"),
  ...VapiPatch,
  ...RetellPatch,
}).strict();

export const EngineIdParams = z.object({ engine_id: z.string().describe("engine_id returned by POST /engines") });
export const DeployBody = z.object({
  engine_id: z.string().min(1, "engine_id is required"),
  version: z.number().int("version must be a whole number").positive("version must be 1 or more").optional()
    .describe("The agent version to push (default: the latest); an older one rolls the engine back"),
}).strict();

/** `POST /api/agent/{id}/call` (and the console's "Call a number" form). Numbers: any notation the contacts endpoint reads. */
export const PlaceCallBody = z.object({
  to_number: z.string().trim().min(1, "to_number is required").max(64),
  from_number: z.string().trim().min(1).max(64).optional(),
  template_variables: TemplateVariables.optional().describe("Values for the prompts' {variables}; sent to the engine as user_data"),
  engine_id: z.string().min(1).optional().describe("Default: the engine the agent was deployed to most recently"),
  allow_blank_variables: z.boolean().optional()
    .describe("true places the call even when a {variable} of the version the engine runs is missing or blank (422 naming each one otherwise)"),
}).strict();

/** `POST /api/engines/{id}/sync`: the created_at range to pull (default the last 7 days). */
export const SyncBody = z.object({
  from: z.string().refine((v) => !Number.isNaN(Date.parse(v)), "must be an ISO 8601 timestamp").optional(),
  to: z.string().refine((v) => !Number.isNaN(Date.parse(v)), "must be an ISO 8601 timestamp").optional(),
}).strict().refine((v) => !v.from || !v.to || Date.parse(v.from) <= Date.parse(v.to), { message: "from must not be after to", path: ["from"] });

export const SYNC_STATUSES = ["running", "done", "failed"] as const;
export const SyncParams = EngineIdParams.extend({ sync_id: z.string().describe("sync_id returned by POST /engines/{engine_id}/sync") });
/** A sync run as the API shows it (`POST …/sync`, `GET …/syncs/{sync_id}`). */
export const EngineSyncView = z.object({
  sync_id: z.string(),
  engine_id: z.string(),
  status: z.enum(SYNC_STATUSES).describe("running until the last page is in (a run whose instance stopped is taken over by another and pulled again from its range); done; failed: `error` says why"),
  from: z.string().describe("Start of the created_at range pulled (ISO 8601)"),
  to: z.string().describe("End of the created_at range pulled (ISO 8601)"),
  imported: z.number().int().min(0).describe("New calls so far"),
  updated: z.number().int().min(0).describe("Calls that moved to a later status so far"),
  unchanged: z.number().int().min(0).describe("Calls already up to date so far"),
  pages: z.number().int().min(0).describe("Pages the engine answered so far (the counts are written after each)"),
  error: z.string().nullable().describe("failed: why, in words (the engine refused the key, could not be reached, …); null otherwise"),
  started_at: z.string().describe("When the sync was asked for"),
  finished_at: z.string().nullable().describe("When it ended; null while running"),
});
export type EngineSyncView = z.infer<typeof EngineSyncView>;

// No length limit: any wrong secret, however long, is the same 404 (the provider too: it is checked
// against the engine the secret found).
export const WebhookParams = z.object({
  provider: z.string().min(1).describe("The engine's provider, as in its webhook_url"),
  secret: z.string().min(1),
});
