import { z } from "zod";
import { ApiKey, BaseUrl, Name, PhoneNumber } from "../schema-parts";

// A Retell engine: Retell's API with a key that has the "webhook" badge (Retell signs its webhooks
// with that key, and Voxdesk checks them with it); its agents are configured in Retell's dashboard
// and linked here as they are seen (docs/vapi-retell.md).

export const RETELL_API = "https://api.retellai.com";

const FromNumber = PhoneNumber("must be a number bought from or imported into Retell").describe("The Retell number calls are placed from");

export const RetellCreate = z.object({
  name: Name,
  provider: z.literal("retell"),
  api_key: ApiKey.describe("A Retell API key with the webhook badge: Retell signs its webhooks with it"),
  base_url: BaseUrl.default(RETELL_API).describe("Retell's API origin (default https://api.retellai.com)"),
  from_number: FromNumber.optional(),
}).strict();

/** The stored, non-secret part of a Retell engine (engines.settings). */
export interface RetellSettings { from_number: string | null }

export const RetellPatch = { from_number: FromNumber.nullable().optional().describe("retell only: the Retell number calls are placed from; null: none") };
