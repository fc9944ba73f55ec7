import { z } from "zod";

// One schema for `POST/PATCH /api/ai-providers`, the console's provider form and the OpenAPI document.

const BaseUrl = z
  .string()
  .trim()
  .url("must be an http(s) URL, e.g. https://api.openai.com/v1")
  .refine((v) => /^https?:\/\//i.test(v), "must be an http(s) URL, e.g. https://api.openai.com/v1")
  .transform((v) => v.replace(/\/+$/, ""))
  .describe("The API's base URL, usually ending in /v1: requests go to {base_url}/chat/completions and {base_url}/models");

// Local servers (Ollama, vLLM) accept any key, so one character is enough; the provider judges it.
const ApiKey = z.string().trim().min(1, "must be the provider's API key").max(512)
  .describe("Sent as `Authorization: Bearer <api_key>` to the origin of base_url only; sealed at rest, never returned");
const Name = z.string().trim().min(1, "Name is required").max(100);
const Model = z.string().trim().min(1, "Model is required, e.g. gpt-4o-mini").max(200)
  .describe("The model id the provider knows, e.g. gpt-4o-mini, llama-3.1-8b-instant");

export const AiProviderCreate = z.object({ name: Name, base_url: BaseUrl, api_key: ApiKey, model: Model }).strict();
export type AiProviderCreateInput = z.input<typeof AiProviderCreate>;

export const AiProviderPatch = z.object({
  name: Name.optional(),
  base_url: BaseUrl.optional(),
  api_key: ApiKey.optional(),
  model: Model.optional(),
  is_default: z.literal(true, "can only be true: make another provider the default to move it")
    .describe("true makes this the account's default provider (analysis, test chat and judges use it when none is named); the previous default stops being one")
    .optional(),
}).strict();

/** The console's edit form: the patch's fields, a blank key meaning "keep the stored one". */
export const AiProviderEditForm = z.object({
  name: Name, base_url: BaseUrl, model: Model,
  api_key: z.union([z.literal(""), ApiKey]).transform((v) => v || undefined),
});

export const AiProviderIdParams = z.object({ provider_id: z.string().describe("provider_id returned by POST /ai-providers") });

/** A provider as the API shows it: never the key, only a hint of it. */
export const AiProviderView = z.object({
  provider_id: z.string().describe("Provider id"),
  name: z.string(),
  base_url: z.string(),
  model: z.string(),
  api_key_hint: z.string().describe("Last four characters of the API key (empty for short keys); the key itself is never returned"),
  is_default: z.boolean().describe("The account's default provider: the first one connected until another is made default (PATCH is_default: true)"),
  created_at: z.string().describe("Creation time (ISO 8601)"),
  updated_at: z.string().describe("Last change (ISO 8601)"),
}).meta({ id: "AiProvider" });
export type AiProvider = z.infer<typeof AiProviderView>;

export const AiProviderCheck = z.object({
  ok: z.boolean(),
  message: z.string().describe("What the provider answered, in words (a failed check is an answer, not an error)"),
});
export type AiProviderCheckResult = z.infer<typeof AiProviderCheck>;
