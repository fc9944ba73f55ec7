import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as auditExport from "@/app/api/audit/export/route";
import * as campaigns from "@/app/api/campaigns/route";
import * as action from "@/app/api/campaigns/[campaign_id]/[action]/route";
import * as report from "@/app/api/campaigns/[campaign_id]/report.csv/route";
import * as keys from "@/app/api/keys/route";
import { insertCalls } from "@/lib/calls/db/calls";
import { db } from "@/lib/core/client";
import { campaignWorld, contactList, type CampaignWorld } from "@/lib/testing/campaign-fixture";
import { startFakeBolna, type FakeBolna } from "@/lib/testing/fake-bolna";
import { call, useTempDatabase } from "@/lib/testing/harness";
import { startRouteServer } from "@/lib/testing/route-server";
import * as callExport from "./export/route";

// No cell of any CSV download can be read as a formula, whether the spreadsheet
// splits on `,` (ours) or on `;` (Excel and LibreOffice in many locales), and whether or not it
// honours our quotes. Attacker-controlled text reaches all three: call names and transcripts,
// statuses an engine reports, key names in the audit log.

const EVIL = [
  '=HYPERLINK("http://evil.example","x")',
  "ok;=cmd|' /C calc'!A0",
  "fine,@SUM(1+1)",
  "a;+cmd|x",
  "line\n-2+3+cmd|x",
  "tab\t=1+1",
];

let bolna: FakeBolna;
let app: Awaited<ReturnType<typeof startRouteServer>>;
let w: CampaignWorld;
let campaignId = "";

const download = async (path: string) => {
  const res = await fetch(`${app.origin}${path}`, { headers: { authorization: `Bearer ${w.token}` } });
  expect(res.status).toBe(200);
  return res.text();
};

/** What a spreadsheet would run: a cell starting with = @ + - tab CR, unless + or - leads only digits and phone punctuation. */
const runs = (cell: string) => /^[=@\t\r]/.test(cell) || (/^[+-]/.test(cell) && !/^[+-][\d\s().-]*$/.test(cell));

/** Every piece a reader could take for a cell start, honouring quotes or not, on `,` `;` tab or a line break. */
function formulaCells(csv: string): string[] {
  const naive = csv.split(/[,;\t\r\n]/).map((piece) => piece.replace(/^"+/, ""));
  const quoted = [",", ";"].flatMap((delimiter) => Papa.parse<string[]>(csv, { delimiter }).data.flat());
  return [...naive, ...quoted].filter(runs);
}

beforeAll(async () => {
  bolna = await startFakeBolna();
  await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", RATE_LIMIT_PER_MINUTE: "100000", CAMPAIGN_DISPATCHER: "off" });
  w = await campaignWorld(bolna, "CSV");
  app = await startRouteServer([
    [/^\/api\/details\/export$/, callExport],
    [/^\/api\/audit\/export$/, auditExport],
    [/^\/api\/campaigns\/(?<campaign_id>[^/]+)\/report\.csv$/, report],
  ]);
  await insertCalls(w.accountId, EVIL.map((text, i) => ({
    call_sid: `evil-${i}`, agent_id: w.agentId, name: text, from_number: "+14155550101", to_number: "+1 (415) 555-0102",
    duration: 12.5, recording_url: "", transcription: `Agent: ${text}\nUser: ${text}`, status: "completed",
    cost: 0.0123, call_type: "outbound", created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
  })));
  for (const name of EVIL) expect((await call(keys.POST, "POST", "/api/keys", { token: w.token, body: { name: name.replace(/[\n\t]/g, " "), scope: "read_only" } })).status).toBe(201);
  const { listId } = await contactList(w, EVIL.length);
  campaignId = (await call(campaigns.POST, "POST", "/api/campaigns", { token: w.token, body: { name: "CSV", agent_id: w.agentId, list_id: listId } })).json.campaign_id;
  const started = await call(action.POST, "POST", `/api/campaigns/${campaignId}/start`, { token: w.token, params: { campaign_id: campaignId, action: "start" } });
  expect(started.status).toBe(200);
  // An engine reports statuses and call ids; stand in for one that reports hostile text.
  const rows = await db().selectFrom("campaign_contacts").select("contact_id").where("campaign_id", "=", campaignId).execute();
  for (const [i, r] of rows.entries()) {
    await db().updateTable("campaign_contacts").set({ last_status: EVIL[i], last_call_sid: EVIL[(i + 1) % EVIL.length], skip_reason: EVIL[(i + 2) % EVIL.length] })
      .where("campaign_id", "=", campaignId).where("contact_id", "=", r.contact_id).execute();
  }
});
afterAll(async () => {
  await app?.close();
  await bolna?.close();
});

describe("CSV downloads show formulas as text", () => {
  it.each([
    ["call export", () => "/api/details/export"],
    ["campaign report", () => `/api/campaigns/${campaignId}/report.csv`],
    ["audit export", () => "/api/audit/export"],
  ])("the %s has no cell a spreadsheet would run", async (_, path) => {
    const csv = await download(path());
    expect(csv).toContain("=HYPERLINK"); // the hostile text is there, shown as typed
    expect(formulaCells(csv)).toEqual([]);
  });

  it("keeps phone numbers, numbers and plain text as written", async () => {
    const rows = Papa.parse<Record<string, string>>(await download("/api/details/export"), { header: true, skipEmptyLines: true }).data;
    const row = rows.find((r) => r.call_sid === "evil-0")!;
    expect([row.from_number, row.to_number, row.duration, row.cost]).toEqual(["+14155550101", "+1 (415) 555-0102", "12.5", "0.0123"]);
    expect(rows.find((r) => r.call_sid === "evil-1")!.name).toBe("ok;'=cmd|' /C calc'!A0");
  });
});
