import { z } from "zod";

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
export const DeployBody = z.object({ engine_id: z.string().min(1, "engine_id is required") }).strict();
