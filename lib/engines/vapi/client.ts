import "server-only";
import { VapiClient } from "@vapi-ai/server-sdk";
import { config } from "@/lib/core/config";
import { AppError } from "@/lib/http/errors";
import { openEngineKey, type EngineRow } from "../db";
import { sdkClientParts } from "../vendor-sdk";

// Vapi's API through its official SDK (docs/vapi-retell.md): calls, assistants, phone numbers.

import type { Json } from "../read-json";

/** Vapi's largest page of `GET /call`. */
export const VAPI_PAGE = 1000;

export interface VapiCallQuery { limit: number; createdAtGe?: string; createdAtLe?: string; createdAtLt?: string }
export interface VapiDial { assistantId: string; phoneNumberId: string; customer: { number: string }; assistantOverrides?: { variableValues: Json } }

export function vapiClient(engine: EngineRow) {
  const key = openEngineKey(engine);
  const { fetch, run } = sdkClientParts("Vapi", engine, key);
  const client = new VapiClient({ token: key, baseUrl: engine.base_url, fetch, maxRetries: 0, timeoutInSeconds: Math.ceil(config().ENGINE_TIMEOUT_MS / 1000) });
  return {
    /** `GET /call`: a bare array, newest first. */
    listCalls: (q: VapiCallQuery) => run("list calls", async () => (await client.calls.list(q)) as unknown as Json[]),
    /** `GET /assistant`: the organisation's assistants (ids and names). */
    listAssistants: (limit = VAPI_PAGE) => run("list assistants", async () => (await client.assistants.list({ limit })) as unknown as Json[]),
    /** The digits of a Vapi phone number (calls name it by id). */
    phoneNumber: (id: string) => run("get phone number", async () => {
      const n = (await client.phoneNumbers.get({ id })) as unknown as Json;
      return typeof n.number === "string" ? n.number : null;
    }),
    /** `POST /call` with one customer: the Call (a batch answer only comes with `customers`). */
    createCall: (dial: VapiDial) => run("create call", async () => {
      const c = (await client.calls.create(dial as never)) as unknown as Json;
      if (typeof c.id !== "string") throw new AppError(424, "Vapi answered without a call id");
      return c;
    }),
  };
}
