import { describe, expect, it } from "vitest";
import * as details from "@/app/api/details/route";
import * as summary from "@/app/api/details/summary/route";
import * as suppressions from "@/app/api/suppressions/route";
import { dispatchTick } from "@/lib/campaigns/dispatcher";
import { contactList } from "@/lib/testing/campaign-fixture";
import { call } from "@/lib/testing/harness";
import * as reportRoute from "./[campaign_id]/report.csv/route";
import * as oneRoute from "./[campaign_id]/route";
import { act, bolna, contactsOf, create, dialledTo, drain, get, noAnswer, setUpCampaignWorld, w } from "./campaigns-fixtures";

// The dispatcher against the fake Bolna: concurrency, retries, the do-not-call list at dial time,
// pause/resume/cancel, windows, stale calls and the report (setup in campaigns-fixtures.ts).

setUpCampaignWorld();

describe("the dispatcher", () => {
  it("never has more calls in flight than max_concurrency, sends user_data, and every call comes back tagged", async () => {
    const { listId, numbers } = await contactList(w, 7);
    const id = (await create({ name: "Concurrency", agent_id: w.agentId, list_id: listId, max_concurrency: 2 })).json.campaign_id;
    expect((await act(id, "start")).json).toMatchObject({ status: "running", total: 7, counts: { pending: 7 } });
    bolna.holdCalls(true);
    try {
      for (let round = 0; round < 4; round++) {
        await dispatchTick();
        await bolna.idle();
        // The fake holds every call in progress: only the free slots may be filled, whatever the ticks.
        expect(bolna.active().length).toBeLessThanOrEqual(2);
        expect((await get(id)).json.in_flight).toBe(Math.min(2, 7 - 2 * round));
        await bolna.release();
      }
    } finally {
      bolna.holdCalls(false);
    }
    const done = await drain(id);
    expect(done).toMatchObject({ status: "completed", counts: { completed: 7 }, attempts: 7, answer_rate: 1 });
    expect(done.cost).toBeCloseTo(7 * 0.182, 6);
    expect(bolna.peakActive).toBeLessThanOrEqual(2);
    const sent = dialledTo(numbers);
    expect(sent).toHaveLength(7);
    expect(sent.find((c) => c.recipient_phone_number === numbers[0])).toEqual({ agent_id: w.remoteId, recipient_phone_number: numbers[0], user_data: { first_name: "Person 0" } });
    const tagged = await call(details.GET, "GET", `/api/details?campaign_id=${id}`, { token: w.token });
    expect(tagged.json.calls).toHaveLength(7);
    expect(tagged.json.calls.every((c: { status: string }) => c.status === "completed")).toBe(true);
    const s = await call(summary.GET, "GET", `/api/details/summary?campaign_id=${id}`, { token: w.token });
    expect(s.json).toMatchObject({ campaign_id: id, totals: { calls: 7, completed: 7 } });
  });

  it("retries the statuses in retry.on after the delay, up to max_attempts", async () => {
    const { listId, numbers } = await contactList(w, 10);
    noAnswer.add(numbers[9]);
    const id = (await create({ name: "Retry", agent_id: w.agentId, list_id: listId, max_concurrency: 10, retry: { max_attempts: 3, delay_seconds: 600, on: ["no-answer"] } })).json.campaign_id;
    await act(id, "start");
    await dispatchTick();
    await bolna.idle();
    let [c] = (await contactsOf(id)).filter((x) => x.phone_number === numbers[9]);
    expect(c).toMatchObject({ state: "pending", attempts: 1 });
    expect(Date.parse(c.next_attempt_at!) - Date.now()).toBeGreaterThan(590_000);
    await dispatchTick(); // before the delay: no second dial
    await bolna.idle();
    expect(dialledTo([numbers[9]])).toHaveLength(1);
    let later = Date.now();
    for (let attempt = 2; attempt <= 3; attempt++) {
      later += 601_000;
      await dispatchTick(new Date(later));
      await bolna.idle();
      expect(dialledTo([numbers[9]])).toHaveLength(attempt);
    }
    [c] = (await contactsOf(id)).filter((x) => x.phone_number === numbers[9]);
    expect(c).toMatchObject({ state: "no_answer", attempts: 3 });
    await dispatchTick(new Date(later + 3_600_000));
    expect(dialledTo([numbers[9]])).toHaveLength(3);
    expect((await get(id)).json).toMatchObject({ status: "completed", counts: { completed: 9, no_answer: 1 }, attempts: 12 });
  });

  it("checks the do-not-call list at dial time: a number added while the campaign runs is never called", async () => {
    const { listId, numbers } = await contactList(w, 3);
    const id = (await create({ name: "DNC", agent_id: w.agentId, list_id: listId, max_concurrency: 1 })).json.campaign_id;
    await act(id, "start");
    await call(suppressions.POST, "POST", "/", { token: w.token, body: { phone_numbers: [numbers[2]], reason: "asked mid-campaign" } });
    await drain(id);
    expect(dialledTo([numbers[2]])).toHaveLength(0);
    expect((await contactsOf(id, "skipped"))[0]).toMatchObject({ phone_number: numbers[2], skip_reason: "suppressed", attempts: 0 });
  });

  it("pause stops new dials at once, resume continues, cancel ends it; edits are refused once started", async () => {
    const { listId, numbers } = await contactList(w, 4);
    const id = (await create({ name: "Pause", agent_id: w.agentId, list_id: listId, max_concurrency: 1 })).json.campaign_id;
    await act(id, "start");
    expect((await call(oneRoute.PATCH, "PATCH", "/", { token: w.token, body: { name: "x" }, params: { campaign_id: id } })).status).toBe(409);
    await dispatchTick();
    await bolna.idle();
    expect((await act(id, "pause")).json.status).toBe("paused");
    await dispatchTick();
    await dispatchTick();
    expect(dialledTo(numbers)).toHaveLength(1);
    expect((await act(id, "pause")).status).toBe(409);
    expect((await act(id, "resume")).json.status).toBe("running");
    await dispatchTick();
    await bolna.idle();
    expect(dialledTo(numbers)).toHaveLength(2);
    const canceled = (await act(id, "cancel")).json;
    expect(canceled).toMatchObject({ status: "canceled", counts: { completed: 2, canceled: 2 } });
    await dispatchTick();
    expect(dialledTo(numbers)).toHaveLength(2);
  });

  it("dials only inside the windows, in the campaign's zone", async () => {
    const { listId, numbers } = await contactList(w, 2);
    // A window that is closed now: the two hours starting three hours from now, in UTC.
    const now = new Date();
    const hh = (h: number) => `${String(h % 24).padStart(2, "0")}:00`;
    const open = new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000 + 2 * 3_600_000);
    const days = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
    const windows = [{ days: [days[open.getUTCDay()]], start: hh(open.getUTCHours()), end: hh(open.getUTCHours() + 2) }];
    if (windows[0].end === "00:00") windows[0].end = "24:00";
    const id = (await create({ name: "Window", agent_id: w.agentId, list_id: listId, schedule: { time_zone: "UTC", windows } })).json.campaign_id;
    const started = (await act(id, "start")).json;
    expect(started.status).toBe("running");
    await dispatchTick();
    expect(dialledTo(numbers)).toHaveLength(0);
    const [c] = await contactsOf(id);
    expect(c.next_attempt_at).toBe(open.toISOString());
    await dispatchTick(new Date(open.getTime() - 60_000));
    expect(dialledTo(numbers)).toHaveLength(0);
    await dispatchTick(new Date(open.getTime() + 1000));
    await bolna.idle();
    expect(dialledTo(numbers)).toHaveLength(2);
  });

  it("frees the slot of a call without news after stale_after_minutes, and still records how it ended", async () => {
    const { listId, numbers } = await contactList(w, 2);
    const id = (await create({ name: "Stale", agent_id: w.agentId, list_id: listId, max_concurrency: 1, stale_after_minutes: 5 })).json.campaign_id;
    await act(id, "start");
    bolna.holdCalls(true);
    try {
      await dispatchTick();
      await bolna.idle();
      await dispatchTick(new Date(Date.now() + 60_000));
      expect(dialledTo(numbers)).toHaveLength(1);
      await dispatchTick(new Date(Date.now() + 6 * 60_000));
      await bolna.idle();
      expect(dialledTo(numbers)).toHaveLength(2);
      const first = (await contactsOf(id))[0];
      expect(first).toMatchObject({ state: "failed", skip_reason: "no news for 5 minutes" });
      await bolna.release();
    } finally {
      bolna.holdCalls(false);
    }
    expect((await contactsOf(id)).map((c) => c.state)).toEqual(["completed", "completed"]);
  });

  it("the report lists every contact with its outcome", async () => {
    const { listId, numbers } = await contactList(w, 3);
    const id = (await create({ name: "Report me", agent_id: w.agentId, list_id: listId })).json.campaign_id;
    await act(id, "start");
    await drain(id);
    const req = new Request(`http://localhost/api/campaigns/${id}/report.csv`, { headers: { authorization: `Bearer ${w.token}` } });
    const res = await reportRoute.GET(req, { params: Promise.resolve({ campaign_id: id }) });
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="report-me-report.csv"');
    const lines = (await res.text()).trim().split("\r\n");
    // The original columns stay first, in order; the variables and each attempt's call come after them.
    expect(lines[0].startsWith("contact_id,phone_number,state,attempts,last_call_sid,last_status,next_attempt_at,skip_reason,updated_at,")).toBe(true);
    expect(lines.slice(1).map((l) => l.split(",").slice(1, 4).join(","))).toEqual(numbers.map((n) => `${n},completed,1`));
  });
});
