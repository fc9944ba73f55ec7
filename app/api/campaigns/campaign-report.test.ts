import { describe, expect, it } from "vitest";
import * as addRoute from "@/app/api/contacts/[list_id]/add/route";
import * as suppressions from "@/app/api/suppressions/route";
import { contactList } from "@/lib/testing/campaign-fixture";
import { call } from "@/lib/testing/harness";
import * as previewRoute from "./[campaign_id]/preview/route";
import * as reportRoute from "./[campaign_id]/report.csv/route";
import { act, create, drain, noAnswer, setUpCampaignWorld, w } from "./campaigns-fixtures";

// Campaigns: the dry run names the skipped contacts and the zone each time is read in;
// the report carries the contact's variables and each attempt's call.

setUpCampaignWorld();

const preview = async (id: string) => (await call(previewRoute.GET, "GET", "/", { token: w.token, params: { campaign_id: id } })).json;

/** Parses our CSV (quoted cells may hold commas and doubled quotes; no newlines in these tests). */
function parseCsv(text: string): string[][] {
  return text.trim().split("\r\n").map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].slice(0, -1).map((m) => m[1].startsWith('"') ? m[1].slice(1, -1).replaceAll('""', '"') : m[1]));
}

describe("the dry run's skipped contacts and zones", () => {
  it("lists each skipped contact with its reason and missing variables; the counts add up; each sample names its zone", async () => {
    const { listId, numbers } = await contactList(w, 4, [2]);
    await call(addRoute.POST, "POST", "/", { token: w.token, params: { list_id: listId }, body: { contacts: [{ phone_number: "+442071838750", template_variables: { first_name: "Ann" } }] } });
    await call(suppressions.POST, "POST", "/", { token: w.token, body: { phone_numbers: [numbers[1]] } });
    const id = (await create({ name: "Skips", agent_id: w.agentId, list_id: listId, schedule: { time_zone: "America/Chicago", recipient_time_zone: true } })).json.campaign_id;
    const p = await preview(id);
    expect(p).toMatchObject({ total: 5, will_call: 3, skipped: { suppressed: 1, invalid: 0, missing_variables: 1 }, skipped_contacts_cap: 100 });
    expect(p.will_call + p.skipped.suppressed + p.skipped.invalid + p.skipped.missing_variables).toBe(p.total);
    expect(p.skipped_contacts.map((s: Record<string, unknown>) => ({ phone_number: s.phone_number, reason: s.reason, missing: s.missing }))).toEqual([
      { phone_number: numbers[1], reason: "suppressed", missing: [] },
      { phone_number: numbers[2], reason: "missing_variables", missing: ["first_name"] },
    ]);
    expect(p.skipped_contacts.every((s: { contact_id: string }) => typeof s.contact_id === "string")).toBe(true);
    // A +1 number's own zone comes from its area code (415: Los Angeles); +44 has one clock.
    const byNumber = Object.fromEntries(p.sample.map((s: { phone_number: string }) => [s.phone_number, s]));
    expect(byNumber[numbers[0]]).toMatchObject({ zone: "America/Los_Angeles", zone_source: "number" });
    expect(byNumber["+442071838750"]).toMatchObject({ zone: "Europe/London", zone_source: "number" });
    const london = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .format(new Date()).replace(", ", "T");
    expect(byNumber["+442071838750"].local_time.slice(0, 13)).toBe(london.slice(0, 13));
  });
});

describe("the report", () => {
  it("has the contact's variables and each attempt's call id, status, duration, cost and summary", async () => {
    const { listId, numbers } = await contactList(w, 2);
    noAnswer.add(numbers[1]);
    const id = (await create({ name: "Full report", agent_id: w.agentId, list_id: listId, retry: { max_attempts: 2, delay_seconds: 0, on: ["no-answer"] } })).json.campaign_id;
    await act(id, "start");
    await drain(id);
    const req = new Request(`http://localhost/api/campaigns/${id}/report.csv`, { headers: { authorization: `Bearer ${w.token}` } });
    const res = await reportRoute.GET(req, { params: Promise.resolve({ campaign_id: id }) });
    const [header, ...rows] = parseCsv(await res.text());
    expect(header).toEqual([
      "contact_id", "phone_number", "state", "attempts", "last_call_sid", "last_status", "next_attempt_at", "skip_reason", "updated_at", "variables",
      ...[1, 2].flatMap((n) => ["call_id", "status", "duration_seconds", "cost_usd", "summary", "called_at"].map((k) => `attempt_${n}_${k}`)),
    ]);
    const cell = (r: string[], name: string) => r[header.indexOf(name)];
    const [answered, unanswered] = rows;
    expect(cell(answered, "phone_number")).toBe(numbers[0]);
    expect(JSON.parse(cell(answered, "variables"))).toEqual({ first_name: "Person 0" });
    expect(cell(answered, "attempt_1_call_id")).toBe(cell(answered, "last_call_sid"));
    expect(cell(answered, "attempt_1_status")).toBe("completed");
    expect(Number(cell(answered, "attempt_1_duration_seconds"))).toBeGreaterThan(0);
    expect(Number(cell(answered, "attempt_1_cost_usd"))).toBeCloseTo(0.182, 6);
    expect(cell(answered, "attempt_1_summary")).not.toBe("");
    expect(cell(answered, "attempt_2_call_id")).toBe("");
    expect(cell(unanswered, "attempts")).toBe("2");
    expect([cell(unanswered, "attempt_1_status"), cell(unanswered, "attempt_2_status")]).toEqual(["no-answer", "no-answer"]);
    expect(cell(unanswered, "attempt_1_call_id")).not.toBe(cell(unanswered, "attempt_2_call_id"));
    expect(cell(unanswered, "attempt_2_call_id")).toBe(cell(unanswered, "last_call_sid"));
  });
});
