import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { bolnaExampleAgent } from "./bolna-fixtures";
import { startFakeBolnaOss, type FakeBolnaOss } from "./fake-bolna-oss";
import { startFakeTwilio, type FakeTwilio } from "./fake-twilio";
import { newAccountWithToken, useTempDatabase } from "./harness";
import { startServer, type RunningServer } from "./server";

// A self-hosted Bolna engine served by two production app instances on one database (PostgreSQL
// under `npm run test:pg`, one SQLite file under `npm test`): calls placed through either, Twilio
// calling the other back, the conversations pushed to the first, carrier prices fetched by both
// instances' workers. Every call is recorded once, completed, with its transcript, and priced by
// one request to Twilio.

let oss: FakeBolnaOss;
let twilio: FakeTwilio;
let servers: RunningServer[] = [];
let token = "";
const env = { CARRIER_PRICE_TICK_MS: "100", CAMPAIGN_DISPATCHER: "off", ANALYSIS_WORKER: "off", TOOL_TARGET_ALLOWLIST: "127.0.0.1" };

async function api(server: RunningServer, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, json: await res.json() };
}

beforeAll(async () => {
  oss = await startFakeBolnaOss();
  twilio = await startFakeTwilio();
  const database = await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1" });
  ({ token } = await newAccountWithToken("Self-hosted instances"));
  servers = await Promise.all([startServer(database, env), startServer(database, env)]);
}, 120_000);
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await Promise.all([oss?.close(), twilio?.close()]);
});

describe("a self-hosted engine on two app instances", () => {
  it("records, completes, joins and prices each call once", async () => {
    // Registered at the second instance: Twilio calls back there (no PUBLIC_URL).
    const engine = (await api(servers[1], "POST", "/api/engines", {
      name: "Own Bolna", provider: "bolna-self-hosted", base_url: oss.origin,
      telephony: { provider: "twilio", account_sid: twilio.accountSid, auth_token: twilio.authToken, from_number: "+14155550100", api_base_url: twilio.origin },
    })).json;
    const agentId = (await api(servers[0], "POST", "/api/agent", bolnaExampleAgent())).json.agent_id;
    expect((await api(servers[0], "POST", `/api/agent/${agentId}/deploy`, { engine_id: engine.engine_id })).status).toBe(200);

    const n = 8;
    const sids = await Promise.all(Array.from({ length: n }, async (_, i) => {
      const res = await api(servers[i % 2], "POST", `/api/agent/${agentId}/call`, { to_number: `+1415555${String(2000 + i)}` });
      expect(res.status).toBe(202);
      return String(res.json.call_sid);
    }));
    for (const sid of sids) twilio.setPrice(sid, "-0.013");
    await Promise.all(sids.map((sid) => twilio.play(sid, { duration: 20, repeat: true })));
    await Promise.all(sids.map(async (sid, i) => {
      const body = JSON.stringify({ call_sid: sid, task: "conversation", transcript: [{ role: "user", text: `Hello ${i}` }] });
      const at = new Date();
      const res = await fetch(`${servers[0].url}/api/ingest/${engine.engine_id}`, { method: "POST", body, headers: {
        "content-type": "application/json", "webhook-id": `m-${i}`, "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
        "webhook-signature": new Webhook(engine.push_secret).sign(`m-${i}`, at, body) } });
      expect(res.status).toBe(200);
    }));

    // Prices are fetched by whichever instance claims each call first.
    await expect.poll(async () => (await api(servers[0], "GET", "/api/details?limit=100")).json.calls.filter((c: { cost: number }) => c.cost > 0).length,
      { timeout: 30_000 }).toBe(n);
    const calls = (await api(servers[1], "GET", "/api/details?limit=100")).json.calls as { call_sid: string; status: string; cost: number; transcription: string }[];
    expect(calls.map((c) => c.call_sid).sort()).toEqual([...sids].sort());
    for (const c of calls) expect(c).toMatchObject({ status: "completed", cost: 0.013, transcription: expect.stringMatching(/^User: Hello \d$/) });
    for (const sid of sids) expect(twilio.priceReads(sid)).toBe(1);
  });
});
