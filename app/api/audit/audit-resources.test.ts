import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as deploy from "@/app/api/agent/[id]/deploy/route";
import * as agents from "@/app/api/agent/route";
import * as campaignAction from "@/app/api/campaigns/[campaign_id]/[action]/route";
import * as campaigns from "@/app/api/campaigns/route";
import * as addContacts from "@/app/api/contacts/[list_id]/add/route";
import * as lists from "@/app/api/contacts/route";
import * as engines from "@/app/api/engines/route";
import * as keys from "@/app/api/keys/route";
import * as invites from "@/app/api/members/invites/route";
import * as tools from "@/app/api/tools/route";
import { registration } from "@/app/api/tools/tools-fixtures";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { startFakeBolna, type FakeBolna } from "@/lib/testing/fake-bolna";
import { newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import { startRouteServer } from "@/lib/testing/route-server";
import * as audit from "./route";

// The audit log names campaign actions and their campaign, and every row of a
// request that created something carries the new resource's id.

interface Row { action: string; resource_type: string; resource_id: string | null; summary: string }
let bolna: FakeBolna;
let app: Awaited<ReturnType<typeof startRouteServer>>;
let token = "";
let campaignId = "";

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${app.origin}${path}`, {
    method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  expect(res.status, `${method} ${path}: ${JSON.stringify(json)}`).toBeLessThan(300);
  return json;
}
const auditRows = async (): Promise<Row[]> => (await api("GET", "/api/audit?limit=200")).entries;

beforeAll(async () => {
  bolna = await startFakeBolna();
  app = await startRouteServer([
    [/^\/api\/agent$/, agents], [/^\/api\/agent\/(?<id>[^/]+)\/deploy$/, deploy],
    [/^\/api\/campaigns$/, campaigns], [/^\/api\/campaigns\/(?<campaign_id>[^/]+)\/(?<action>[^/]+)$/, campaignAction],
    [/^\/api\/contacts$/, lists], [/^\/api\/contacts\/(?<list_id>[^/]+)\/add$/, addContacts],
    [/^\/api\/engines$/, engines], [/^\/api\/keys$/, keys], [/^\/api\/members\/invites$/, invites],
    [/^\/api\/tools$/, tools], [/^\/api\/audit$/, audit],
  ]);
  await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", RATE_LIMIT_PER_MINUTE: "100000", CAMPAIGN_DISPATCHER: "off" });
  ({ token } = await newAccountWithToken());
});
afterAll(async () => {
  await app?.close();
  await bolna?.close();
});

describe("audit rows name what they are about", () => {
  it("a create carries the new resource's id", async () => {
    const created: [string, string][] = [];
    const engine = await api("POST", "/api/engines", { name: "Bolna", base_url: bolna.origin, api_key: bolna.apiKey });
    created.push(["engines.create", engine.engine_id]);
    const agent = await api("POST", "/api/agent", bolnaExampleAgent());
    created.push(["agent.create", agent.agent_id]);
    const list = await api("POST", "/api/contacts", { name: "Leads", default_country: "US" });
    created.push(["contacts.create", list.list_id]);
    const tool = await api("POST", "/api/tools", registration(["lookup"]));
    created.push(["tools.create", tool.data.id]);
    const twoTools = await api("POST", "/api/tools", registration(["first", "second"]));
    created.push(["tools.create", twoTools.tools.map((t: { id: string }) => t.id).join(",")]);
    const key = await api("POST", "/api/keys", { name: "ci", scope: "read_only" });
    created.push(["keys.create", key.key_id]);
    const invite = await api("POST", "/api/members/invites", { email: "new@example.test", role: "editor" });
    created.push(["members.invite", invite.invite_id]);
    await api("POST", `/api/agent/${agent.agent_id}/deploy`, { engine_id: engine.engine_id });
    await api("POST", `/api/contacts/${list.list_id}/add`, { contacts: [{ phone_number: "+14155550123" }] });
    const campaign = await api("POST", "/api/campaigns", { name: "Spring promo", agent_id: agent.agent_id, list_id: list.list_id });
    campaignId = campaign.campaign_id;
    created.push(["campaigns.create", campaignId]);
    const rows = await auditRows();
    for (const [action, id] of created) {
      expect(rows.filter((r) => r.action === action).map((r) => r.resource_id), action).toContain(id);
    }
  });

  it("campaign actions are campaigns.start/pause/resume/cancel with the campaign's id and name", async () => {
    const id = campaignId;
    for (const action of ["start", "pause", "resume", "cancel"]) await api("POST", `/api/campaigns/${id}/${action}`);
    const rows = (await auditRows()).filter((r) => /^campaigns\.(start|pause|resume|cancel)$/.test(r.action)).reverse();
    expect(rows.map((r) => [r.action, r.resource_type, r.resource_id])).toEqual(
      ["start", "pause", "resume", "cancel"].map((a) => [`campaigns.${a}`, "campaigns", id]));
    for (const r of rows) expect(r.summary).toContain('"Spring promo"');
  });
});
