import { expect, test } from "./accounts";
import { auth, unique, world } from "./campaigns-support";

// The live console: what happens elsewhere (a call placed through the API, a campaign dialling) shows
// on an open page within 3 s, without a reload and while nothing on it is in flight (GET /api/events
// tells the page when the account's calls change, lib/calls/live.ts).

test("a call placed through the API shows in the call log within 3 s, without a reload", async ({ page, request }) => {
  const { agentId } = await world(request, 3);
  await page.goto(`/calls?agent_id=${agentId}`);
  // The agent has no call yet: nothing is in flight on the page.
  await expect(page.getByText(/no calls/i).first()).toBeVisible();
  const placed = await request.post(`/api/agent/${agentId}/call`, { headers: auth(), data: { to_number: "+14155550123", template_variables: { first_name: "Ann" } } });
  expect(placed.status()).toBe(202);
  const sid = String((await placed.json()).call_sid);
  await expect(page.locator(`table tr[data-call-sid="${sid}"]`)).toBeVisible({ timeout: 3_000 });
});

test("a campaign's calls show on its page as it dials", async ({ page, request }) => {
  const { agentId, listId } = await world(request, 4);
  const created = await request.post("/api/campaigns", { headers: auth(), data: { name: unique("Live campaign"), agent_id: agentId, list_id: listId } });
  expect(created.status()).toBe(201);
  const id = String((await created.json()).campaign_id);
  await page.goto(`/campaigns/${id}`);
  await expect(page.getByRole("button", { name: "Start campaign" })).toBeVisible();
  expect((await request.post(`/api/campaigns/${id}/start`, { headers: auth() })).status()).toBeLessThan(300);
  // Two contacts are called (the second lacks first_name and is skipped, the third is on the
  // do-not-call list); each call's link shows within 3 s of the call being there to read through the API.
  const seen = new Set<string>();
  await expect.poll(async () => {
    const res = await request.get(`/api/details?campaign_id=${id}&limit=10`, { headers: auth() });
    for (const c of (await res.json()).calls as { call_sid: string }[]) {
      if (seen.has(c.call_sid)) continue;
      await expect(page.locator(`a[title="${c.call_sid}"]`)).toBeVisible({ timeout: 3_000 });
      seen.add(c.call_sid);
    }
    return seen.size;
  }, { timeout: 20_000 }).toBe(2);
});
