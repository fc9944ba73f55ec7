import "server-only";
import Retell from "retell-sdk";
import { config } from "@/lib/core/config";
import { AppError } from "@/lib/http/errors";
import { openEngineKey, type EngineRow } from "../db";
import { sdkClientParts } from "../vendor-sdk";

// Retell's API through its official SDK (docs/vapi-retell.md): calls and agents.

import type { Json } from "../read-json";

/** Retell's largest page of `POST /v3/list-calls`. */
export const RETELL_PAGE = 1000;

export interface RetellDial { from_number: string; to_number: string; override_agent_id: string; retell_llm_dynamic_variables?: Record<string, string> }
export interface RetellPage { items: Json[]; has_more: boolean; pagination_key?: string }

export function retellClient(engine: EngineRow) {
  const key = openEngineKey(engine);
  const { fetch, run } = sdkClientParts("Retell", engine, key);
  const client = new Retell({ apiKey: key, baseURL: engine.base_url, fetch, maxRetries: 0, timeout: config().ENGINE_TIMEOUT_MS });
  return {
    /** `POST /v3/list-calls`, started within [from, to] (epoch ms; every call without a range), oldest first; items lack transcripts and recordings. */
    listCalls: (range: { from: number; to: number } | null, pagination_key?: string, limit = RETELL_PAGE) => run("list calls", async () => {
      const res = await client.call.list({
        ...(range ? { filter_criteria: { start_timestamp: { type: "range", op: "bt", value: [range.from, range.to] } } } : {}),
        limit, sort_order: "ascending", ...(pagination_key ? { pagination_key } : {}),
      });
      return res as unknown as RetellPage;
    }),
    /** `GET /v2/get-call/{id}`: the whole call, transcript and recording included. */
    getCall: (id: string) => run("get call", async () => (await client.call.retrieve(id)) as unknown as Json),
    /** `POST /v2/list-agents`, one page. */
    listAgents: (pagination_key?: string) => run("list agents", async () =>
      (await client.agent.list({ limit: RETELL_PAGE, ...(pagination_key ? { pagination_key } : {}) })) as unknown as RetellPage),
    /** `POST /v2/create-phone-call`: the call as registered. */
    createPhoneCall: (dial: RetellDial) => run("create phone call", async () => {
      const c = (await client.call.createPhoneCall(dial)) as unknown as Json;
      if (typeof c.call_id !== "string") throw new AppError(424, "Retell answered without a call_id");
      return c;
    }),
  };
}
