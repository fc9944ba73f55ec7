import { describe, expect, it } from "vitest";
import { dispatchTick } from "@/lib/campaigns/dispatcher";
import { contactList } from "@/lib/testing/campaign-fixture";
import { act, bolna, contactsOf, create, noAnswer, setUpCampaignWorld, w } from "./campaigns-fixtures";

// The order a campaign dials in is the order contacts came due (next_attempt_at, then
// list order): every first attempt, due at the start, goes out before a retry that came due later,
// even one whose delay is over. The console says so instead of showing a past time as "next".

setUpCampaignWorld();

describe("dial order", () => {
  it("calls every fresh contact before a retry that came due after the start", async () => {
    const { listId, numbers } = await contactList(w, 3);
    noAnswer.add(numbers[0]);
    const id = (await create({ name: "Order", agent_id: w.agentId, list_id: listId, max_concurrency: 1, retry: { max_attempts: 2, delay_seconds: 0, on: ["no-answer"] } })).json.campaign_id;
    await act(id, "start");
    const order: string[] = [];
    for (let i = 0; i < 4; i++) {
      const before = bolna.calls.length;
      await dispatchTick();
      await bolna.idle();
      order.push(...bolna.calls.slice(before).map((c) => String(c.recipient_phone_number)));
      if (i === 0) {
        // The retry is due now (no delay), yet the two fresh contacts go first.
        const [retry] = (await contactsOf(id)).filter((c) => c.phone_number === numbers[0]);
        expect(retry).toMatchObject({ state: "pending", attempts: 1 });
        expect(Date.parse(retry.next_attempt_at!)).toBeLessThanOrEqual(Date.now());
      }
    }
    expect(order).toEqual([numbers[0], numbers[1], numbers[2], numbers[0]]);
  });
});
