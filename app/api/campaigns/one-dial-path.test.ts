import { describe, expect, it } from "vitest";
import * as callRoute from "@/app/api/agent/[id]/call/route";
import * as details from "@/app/api/details/route";
import { contactList } from "@/lib/testing/campaign-fixture";
import { call } from "@/lib/testing/harness";
import { act, contactsOf, create, dialledTo, drain, setUpCampaignWorld, w } from "./campaigns-fixtures";

// One way to place a call (lib/engines/bolna/place-call.ts): the console's test call and a campaign's
// dial of the same contact reach the engine with the same normalised request and are recorded alike.

setUpCampaignWorld();

describe("one way to place a call", () => {
  it("a test call and a campaign dial send the engine the same E.164 payload and store the same call", async () => {
    const { listId, numbers: [number] } = await contactList(w, 1);
    const spaced = `+1 (${number.slice(2, 5)}) ${number.slice(5, 8)}-${number.slice(8)}`;
    const test = await call(callRoute.POST, "POST", "/", { token: w.token, params: { id: w.agentId },
      body: { to_number: spaced, from_number: "+1 415 555 0100", template_variables: { first_name: "Person 0" } } });
    expect(test.status).toBe(202);

    const id = (await create({ name: "Same path", agent_id: w.agentId, list_id: listId, from_number: "+1 (415) 555-0100" })).json.campaign_id;
    expect((await act(id, "start")).status).toBe(200);
    await drain(id);
    const [contact] = await contactsOf(id);
    expect(contact).toMatchObject({ state: "completed", attempts: 1 });

    const sent = dialledTo([number]);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[0]).toEqual({ agent_id: w.remoteId, recipient_phone_number: number, from_phone_number: "+14155550100", user_data: { first_name: "Person 0" } });

    const calls = (await call(details.GET, "GET", `/api/details?limit=100&engine_id=${w.engineId}`, { token: w.token })).json.calls as Record<string, unknown>[];
    const stored = [test.json.call_sid, contact.last_call_sid].map((sid) => calls.find((c) => c.call_sid === sid));
    const same = (c: Record<string, unknown> | undefined) => ({ agent_id: c?.agent_id, name: c?.name, engine_id: c?.engine_id, to_number: c?.to_number,
      from_number: c?.from_number, call_type: c?.call_type, template_variables: c?.template_variables });
    expect(same(stored[1])).toEqual(same(stored[0]));
    expect(same(stored[0])).toEqual({ agent_id: w.agentId, name: "Alfred", engine_id: w.engineId, to_number: number, from_number: "+14155550100",
      call_type: "outbound", template_variables: { first_name: "Person 0" } });
  });
});
