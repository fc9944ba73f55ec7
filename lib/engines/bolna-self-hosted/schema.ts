import { z } from "zod";
import { ApiKey, BaseUrl, Name, PhoneNumber } from "../schema-parts";

// A self-hosted Bolna engine: the open-source Bolna server at base_url (no auth of its own; an
// api_key is sent as a Bearer token for a proxy in front), and the operator's Twilio account that
// Voxdesk places the calls through (docs/twilio.md).

export const TWILIO_API = "https://api.twilio.com";

const AccountSid = z.string().trim().regex(/^AC[0-9a-fA-F]{32}$/, "must be a Twilio Account SID: AC followed by 32 hex characters");
const AuthToken = z.string().trim().min(16, "must be the Twilio account's auth token").max(128);
const FromNumber = PhoneNumber("must be a Twilio number");

export const TwilioSettings = z.object({
  provider: z.literal("twilio", { error: "must be \"twilio\" (the carrier Voxdesk dials through)" }),
  account_sid: AccountSid,
  auth_token: AuthToken,
  from_number: FromNumber.describe("The Twilio number calls come from"),
  api_base_url: BaseUrl.default(TWILIO_API).describe("Twilio's REST API origin (default https://api.twilio.com)"),
}).strict();

export const SelfHostedBolnaCreate = z.object({
  name: Name,
  provider: z.literal("bolna-self-hosted"),
  base_url: BaseUrl.describe("The Bolna server's origin, e.g. https://bolna.example.com"),
  api_key: ApiKey.optional().describe("Sent as a Bearer token, for a proxy in front of the server (the server itself has no auth)"),
  telephony: TwilioSettings,
}).strict();

/** PATCH: any of the Twilio settings; a new api_base_url needs the auth_token again (it is bound to it). */
export const TwilioPatch = z.object({
  account_sid: AccountSid.optional(),
  auth_token: AuthToken.optional(),
  from_number: FromNumber.optional(),
  api_base_url: BaseUrl.optional(),
}).strict();

/** The stored, non-secret part of a self-hosted engine (engines.settings). */
export interface SelfHostedSettings {
  telephony: { provider: "twilio"; account_sid: string; from_number: string; api_base_url: string };
  /** Where Twilio calls back when PUBLIC_URL is unset: the origin the engine was registered or edited at. */
  callback_origin: string;
}
/** Its sealed part. */
export interface SelfHostedSecrets { twilio_auth_token: string; push_secret: string }
