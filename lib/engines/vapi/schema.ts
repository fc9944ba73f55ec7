import { z } from "zod";
import { ApiKey, BaseUrl, Name } from "../schema-parts";

// A Vapi engine: Vapi's API with the organisation's private key; its assistants are configured in
// Vapi's dashboard and linked here as they are seen (docs/vapi-retell.md).

export const VAPI_API = "https://api.vapi.ai";

const PhoneNumberId = z.string().trim().min(1).max(100).describe("The Vapi phone number calls are placed from (its id in Vapi)");

export const VapiCreate = z.object({
  name: Name,
  provider: z.literal("vapi"),
  api_key: ApiKey.describe("The Vapi organisation's private API key"),
  base_url: BaseUrl.default(VAPI_API).describe("Vapi's API origin (default https://api.vapi.ai)"),
  phone_number_id: PhoneNumberId.optional(),
}).strict();

/** The stored, non-secret part of a Vapi engine (engines.settings). */
export interface VapiSettings { phone_number_id: string | null }
/** Its sealed part: the secret Vapi sends back with every server message (a Bearer credential, or an HMAC key). */
export interface VapiSecrets { webhook_secret: string }

export const VapiPatch = { phone_number_id: PhoneNumberId.nullable().optional().describe("vapi only: the Vapi number calls are placed from; null: none") };
