import { z } from "zod";
import { TemplateVariables } from "@/lib/contacts/schema";

// One schema for `POST/PATCH /api/engines` and the console's engine form.

const BaseUrl = z
  .string()
  .trim()
  .url("must be an http(s) URL, e.g. https://api.bolna.ai")
  .refine((v) => /^https?:\/\//i.test(v), "must be an http(s) URL, e.g. https://api.bolna.ai")
  .transform((v) => v.replace(/\/+$/, ""));

const ApiKey = z.string().trim().min(8, "must be the engine's API key (8 characters or more)").max(512);
const Name = z.string().trim().min(1, "Name is required").max(100);

export const EngineCreate = z.object({
  name: Name,
  provider: z.literal("bolna", { error: "must be \"bolna\" (the only engine supported)" }).default("bolna"),
  base_url: BaseUrl.default("https://api.bolna.ai"),
  api_key: ApiKey,
}).strict();
export type EngineCreateInput = z.input<typeof EngineCreate>;

export const EnginePatch = z.object({
  name: Name.optional(),
  base_url: BaseUrl.optional(),
  api_key: ApiKey.optional(),
  rotate_webhook_secret: z.boolean().optional(),
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
}).strict();

/** `POST /api/engines/{id}/sync`: the created_at range to pull (default the last 7 days). */
export const SyncBody = z.object({
  from: z.string().refine((v) => !Number.isNaN(Date.parse(v)), "must be an ISO 8601 timestamp").optional(),
  to: z.string().refine((v) => !Number.isNaN(Date.parse(v)), "must be an ISO 8601 timestamp").optional(),
}).strict().refine((v) => !v.from || !v.to || Date.parse(v.from) <= Date.parse(v.to), { message: "from must not be after to", path: ["from"] });

// No length limit: any wrong secret, however long, is the same 404 (the provider too: it is checked
// against the engine the secret found).
export const WebhookParams = z.object({
  provider: z.string().min(1).describe("The engine's provider, as in its webhook_url"),
  secret: z.string().min(1),
});
