import { expect, type APIRequestContext } from "@playwright/test";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { FAKE_BOLNA_KEY, fakeBolnaPort } from "./fake-bolna-env";
import { apiToken } from "./helpers";

// Shared by e2e/campaigns*.spec.ts: an agent deployed on the fake Bolna beside the app, and a list.

const PORT = Number(process.env.E2E_PORT ?? 3210);
const FAKE_ORIGIN = `http://127.0.0.1:${fakeBolnaPort(PORT)}`;
export const auth = () => ({ Authorization: `Bearer ${apiToken()}` });
export const unique = (p: string) => `${p} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** A deployed agent that greets by {first_name}, and a list of `n` numbers (index 1 has no first_name, index 2 is on the do-not-call list). */
export async function world(request: APIRequestContext, n: number) {
  const base = bolnaExampleAgent();
  const agentName = unique("Campaign agent");
  const agent = await request.post("/api/agent", { headers: auth(), data: { ...base, agent_config: { ...base.agent_config, agent_name: agentName, agent_welcome_message: "Hi {first_name}." } } });
  expect(agent.status()).toBe(201);
  const agentId = (await agent.json()).agent_id as string;
  const engine = await request.post("/api/engines", { headers: auth(), data: { name: unique("Fake Bolna"), base_url: FAKE_ORIGIN, api_key: FAKE_BOLNA_KEY } });
  expect(engine.status()).toBe(201);
  expect((await request.post(`/api/agent/${agentId}/deploy`, { headers: auth(), data: { engine_id: (await engine.json()).engine_id } })).status()).toBe(200);
  const listName = unique("Campaign list");
  const list = await request.post("/api/contacts", { headers: auth(), data: { name: listName, default_country: "US" } });
  const listId = (await list.json()).list_id as string;
  // Valid US numbers (exchange 555), different on each run so a retry never meets its own list.
  const first = 1000 + (Date.now() % 8000);
  const numbers = Array.from({ length: n }, (_, i) => `+1415555${first + i}`);
  const contacts = numbers.map((phone_number, i) => ({ phone_number, template_variables: i === 1 ? {} : { first_name: `Person ${i}` } }));
  expect((await request.post(`/api/contacts/${listId}/add`, { headers: auth(), data: { contacts } })).status()).toBe(200);
  expect((await request.post("/api/suppressions", { headers: auth(), data: { phone_numbers: [numbers[2]], reason: "asked not to be called" } })).status()).toBeLessThan(300);
  return { agentName, agentId, listName, listId, numbers };
}

