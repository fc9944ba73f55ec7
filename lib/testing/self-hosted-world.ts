import { afterAll, beforeAll } from "vitest";
import { Webhook } from "standardwebhooks";
import * as agentRoute from "@/app/api/agent/route";
import * as deployRoute from "@/app/api/agent/[id]/deploy/route";
import * as details from "@/app/api/details/route";
import * as detailRoute from "@/app/api/details/[call_sid]/route";
import * as recordingRoute from "@/app/api/details/[call_sid]/recording/route";
import * as enginesRoute from "@/app/api/engines/route";
import * as ingestRoute from "@/app/api/ingest/[engine_id]/route";
import * as webhookRoute from "@/app/api/webhooks/[provider]/[secret]/route";
import { resetConfigForTests } from "@/lib/core/config";
import { bolnaExampleAgent } from "./bolna-fixtures";
import { startFakeBolnaOss, type FakeBolnaOss } from "./fake-bolna-oss";
import { startFakeTwilio, type FakeTwilio } from "./fake-twilio";
import { call, newAccountWithToken, useTempDatabase } from "./harness";
import { startRouteServer } from "./route-server";

// A self-hosted Bolna engine's world for a test file: the fake open-source Bolna server, the fake
// Twilio (which calls the app back, signed), the app's webhook, push and recording routes on a real
// HTTP server (PUBLIC_URL), a temporary database, and two accounts.

export const FROM = "+14155550100";

export interface SelfHostedWorld {
  oss: FakeBolnaOss; twilio: FakeTwilio; origin: string; location: string;
  a: { accountId: string; token: string }; b: { accountId: string; token: string };
  /** POST /api/engines for a self-hosted engine on the fakes (the answer's JSON). */
  register(token: string, overrides?: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** A new agent deployed on the engine: its id and remote id. */
  deployed(token: string, engineId: string): Promise<{ agentId: string; remoteId: string }>;
  calls(token: string): Promise<Record<string, unknown>[]>;
  detail(token: string, sid: string): Promise<Record<string, unknown>>;
  /** POST /api/ingest/{engine} over HTTP, signed with `secret` (Standard Webhooks). */
  push(engineId: string, secret: string, body: unknown, id?: string): Promise<Response>;
}

export function selfHostedWorld(): SelfHostedWorld {
  const w = {} as SelfHostedWorld;
  let app: Awaited<ReturnType<typeof startRouteServer>>;
  beforeAll(async () => {
    w.oss = await startFakeBolnaOss();
    w.twilio = await startFakeTwilio();
    app = await startRouteServer([
      [/^\/api\/webhooks\/(?<provider>[^/]+)\/(?<secret>[^/]+)$/, webhookRoute],
      [/^\/api\/ingest\/(?<engine_id>[^/]+)$/, ingestRoute],
      [/^\/api\/details\/(?<call_sid>[^/]+)\/recording$/, recordingRoute],
    ]);
    w.origin = app.origin;
    w.location = await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", PUBLIC_URL: app.origin });
    resetConfigForTests();
    w.a = await newAccountWithToken("Self-hosted A");
    w.b = await newAccountWithToken("Self-hosted B");
  });
  afterAll(async () => {
    await Promise.all([app?.close(), w.oss?.close(), w.twilio?.close()]);
  });
  w.register = async (token, overrides = {}) => {
    const res = await call(enginesRoute.POST, "POST", "/api/engines", { token, body: {
      name: "My Bolna", provider: "bolna-self-hosted", base_url: w.oss.origin,
      telephony: { provider: "twilio", account_sid: w.twilio.accountSid, auth_token: w.twilio.authToken, from_number: FROM, api_base_url: w.twilio.origin },
      ...overrides,
    } });
    if (res.status !== 201) throw new Error(`register answered ${res.status}: ${JSON.stringify(res.json)}`);
    return res.json;
  };
  w.deployed = async (token, engineId) => {
    const base = bolnaExampleAgent();
    const agentId = (await call(agentRoute.POST, "POST", "/api/agent", { token, body: base })).json.agent_id as string;
    const res = await call(deployRoute.POST, "POST", "/", { token, body: { engine_id: engineId }, params: { id: agentId } });
    if (res.status !== 200) throw new Error(`deploy answered ${res.status}: ${JSON.stringify(res.json)}`);
    return { agentId, remoteId: res.json.remote_agent_id as string };
  };
  w.calls = async (token) => (await call(details.GET, "GET", "/api/details?limit=1000", { token })).json.calls;
  w.detail = async (token, sid) => (await call(detailRoute.GET, "GET", "/", { token, params: { call_sid: sid } })).json;
  w.push = async (engineId, secret, body, id = crypto.randomUUID()) => {
    const text = JSON.stringify(body);
    const at = new Date();
    return fetch(`${w.origin}/api/ingest/${engineId}`, { method: "POST", body: text, headers: {
      "content-type": "application/json", "webhook-id": id, "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": new Webhook(secret).sign(id, at, text),
    } });
  };
  return w;
}
