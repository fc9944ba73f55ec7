// Campaign tests' world: an account with an engine (the fake Bolna on 127.0.0.1), a deployed agent whose
// welcome message reads {first_name}, and contact lists, all made through the real route handlers.
import * as deployRoute from "@/app/api/agent/[id]/deploy/route";
import * as agentRoute from "@/app/api/agent/route";
import * as addRoute from "@/app/api/contacts/[list_id]/add/route";
import * as listRoute from "@/app/api/contacts/route";
import * as enginesRoute from "@/app/api/engines/route";
import { bolnaExampleAgent } from "./bolna-fixtures";
import type { FakeBolna } from "./fake-bolna";
import { call, newAccountWithToken } from "./harness";

export interface CampaignWorld { accountId: string; token: string; engineId: string; agentId: string; remoteId: string }

const post = (handler: Parameters<typeof call>[0], token: string, body: unknown, params?: Record<string, string>) =>
  call(handler, "POST", "/", { token, body, params });

/** A new account with an engine and an agent deployed on it; `webhookOrigin` is where the fake posts executions. */
export async function campaignWorld(bolna: FakeBolna, name = "Campaigns"): Promise<CampaignWorld> {
  const { accountId, token } = await newAccountWithToken(name);
  const engineId = (await post(enginesRoute.POST, token, { name: "Bolna", base_url: bolna.origin, api_key: bolna.apiKey })).json.engine_id;
  const body = bolnaExampleAgent();
  body.agent_config.agent_welcome_message = "Hi {first_name}, this is Ava.";
  (body.agent_config as Record<string, unknown>).timezone = "Europe/Berlin";
  const agentId = (await post(agentRoute.POST, token, body)).json.agent_id;
  const remoteId = (await post(deployRoute.POST, token, { engine_id: engineId }, { id: agentId })).json.remote_agent_id;
  if (!engineId || !agentId || !remoteId) throw new Error("campaign world setup failed");
  return { accountId, token, engineId, agentId, remoteId };
}

let nextNumber = 1000;

/** `n` US contacts with numbers no other list of this process has, each with a first_name unless listed in `withoutName`. */
export async function contactList(w: CampaignWorld, n: number, withoutName: number[] = []): Promise<{ listId: string; numbers: string[] }> {
  const listId = (await post(listRoute.POST, w.token, { name: `List ${n}`, default_country: "US" })).json.list_id;
  const numbers = Array.from({ length: n }, () => `+1415555${String(nextNumber++)}`);
  const contacts = numbers.map((phone_number, i) => ({ phone_number, template_variables: withoutName.includes(i) ? {} : { first_name: `Person ${i}` } }));
  const res = await post(addRoute.POST, w.token, { contacts }, { list_id: listId });
  if (res.status >= 300) throw new Error(`adding contacts failed: ${JSON.stringify(res.json)}`);
  return { listId, numbers };
}
