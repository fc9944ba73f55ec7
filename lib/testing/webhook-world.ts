// The app's webhook endpoints over real HTTP, for tests of delivery: the route server, an account,
// and helpers that add an endpoint for a receiver and run the worker at a clock the test controls.
import * as resend from "@/app/api/webhook-endpoints/[endpoint_id]/attempts/[attempt_id]/resend/route";
import * as attempts from "@/app/api/webhook-endpoints/[endpoint_id]/attempts/route";
import * as recoverRun from "@/app/api/webhook-endpoints/[endpoint_id]/recover/[recover_id]/route";
import * as recover from "@/app/api/webhook-endpoints/[endpoint_id]/recover/route";
import * as byId from "@/app/api/webhook-endpoints/[endpoint_id]/route";
import * as ping from "@/app/api/webhook-endpoints/[endpoint_id]/test/route";
import * as endpoints from "@/app/api/webhook-endpoints/route";
import { deliveryTick, type TickOptions } from "@/lib/webhooks/worker";
import { newAccountWithToken } from "./harness";
import { startRouteServer } from "./route-server";
import type { WebhookReceiver } from "./webhook-receiver";

const E = "/api/webhook-endpoints/(?<endpoint_id>[^/]+)";
export const WEBHOOK_ROUTES: [RegExp, Record<string, unknown>][] = [
  [/^\/api\/webhook-endpoints$/, endpoints], [new RegExp(`^${E}$`), byId], [new RegExp(`^${E}/test$`), ping],
  [new RegExp(`^${E}/attempts$`), attempts], [new RegExp(`^${E}/attempts/(?<attempt_id>[^/]+)/resend$`), resend],
  [new RegExp(`^${E}/recover$`), recover], [new RegExp(`^${E}/recover/(?<recover_id>[^/]+)$`), recoverRun],
];

export interface WebhookWorld {
  origin: string; accountId: string; token: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  api(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }>;
  /** An endpoint for this receiver; the receiver learns its secret. */
  endpoint(rx: WebhookReceiver, events?: string[]): Promise<string>;
  ping(endpointId: string): Promise<string>;
  /** One tick at `now`, waiting for every lane it started. */
  tick(now?: number, opts?: TickOptions): Promise<{ sent: number; succeeded: number; failed: number }>;
  close(): Promise<void>;
}

/** Call after useTempDatabase. `extra` routes join the webhook routes on the same server. */
export async function webhookWorld(extra: [RegExp, Record<string, unknown>][] = []): Promise<WebhookWorld> {
  const app = await startRouteServer([...WEBHOOK_ROUTES, ...extra]);
  const { accountId, token } = await newAccountWithToken("Webhooks");
  const api: WebhookWorld["api"] = async (method, path, body) => {
    const res = await fetch(`${app.origin}${path}`, {
      method, body: body === undefined ? undefined : JSON.stringify(body),
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : undefined };
  };
  return {
    origin: app.origin, accountId, token, api,
    async endpoint(rx, events = ["*"]) {
      const res = await api("POST", "/api/webhook-endpoints", { url: rx.url, events });
      if (res.status !== 201) throw new Error(`endpoint not created: ${JSON.stringify(res.json)}`);
      rx.secrets = [...rx.secrets, res.json.secret];
      return res.json.endpoint_id;
    },
    async ping(endpointId) {
      const res = await api("POST", `/api/webhook-endpoints/${endpointId}/test`);
      if (res.status !== 202) throw new Error(`ping not queued: ${JSON.stringify(res.json)}`);
      return res.json.event_id;
    },
    async tick(now, opts = {}) {
      return (await deliveryTick({ ...opts, now })).done;
    },
    close: app.close,
  };
}
