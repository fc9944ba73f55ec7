import "server-only";
import { config } from "@/lib/core/config";
import { engineSettings, openEngineSecrets, webhookUrlAt, type EngineRow } from "../db";
import type { TwilioAccount } from "../twilio/rest";
import type { SelfHostedSecrets, SelfHostedSettings } from "./schema";

// A self-hosted Bolna engine's stored settings and secrets, and where Twilio calls it back.

export const settingsOf = (engine: EngineRow) => engineSettings<SelfHostedSettings>(engine)!;
export const secretsOf = (engine: EngineRow) => openEngineSecrets<SelfHostedSecrets>(engine)!;

export function twilioOf(engine: EngineRow): TwilioAccount {
  const { telephony } = settingsOf(engine);
  return { account_sid: telephony.account_sid, api_base_url: telephony.api_base_url, auth_token: secretsOf(engine).twilio_auth_token };
}

/** Where Twilio calls back: PUBLIC_URL, else the origin the engine was registered or last edited at. */
export const callbackOrigin = (engine: EngineRow) => (config().PUBLIC_URL ? new URL(config().PUBLIC_URL!).origin : settingsOf(engine).callback_origin);
export const callbackUrl = (engine: EngineRow) => webhookUrlAt(engine, callbackOrigin(engine));

