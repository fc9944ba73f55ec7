import { describe, expect, it } from "vitest";
import * as deployRoute from "@/app/api/agent/[id]/deploy/route";
import * as agentRoute from "@/app/api/agent/route";
import { OUTCOME_COLUMNS } from "@/lib/outcomes/csv";
import { ANALYSIS_PLAN_EXAMPLE } from "@/lib/outcomes/openapi";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { contactList } from "@/lib/testing/campaign-fixture";
import { call } from "@/lib/testing/harness";
import * as reportRoute from "./[campaign_id]/report.csv/route";
import { act, create, drain, noAnswer, setUpCampaignWorld, w } from "./campaigns-fixtures";

// A campaign whose agent has an analysis plan reports each attempt's outcome with the call
// export's outcome columns. The fake Bolna answers the compiled extraction like Bolna would, and the
// completed execution reaches the real webhook, so the outcome is the engine's.

setUpCampaignWorld();

/** RFC 4180 as csvRow writes it (quoted cells may hold commas and doubled quotes; a row may end in empty cells). */
function parseCsv(text: string): string[][] {
  return text.split("\r\n").filter(Boolean).map((line) => {
    const cells: string[] = [];
    for (let i = 0; i <= line.length; i++) {
      if (line[i] === '"') {
        let j = i + 1;
        let v = "";
        for (; j < line.length; j++) {
          if (line[j] === '"' && line[j + 1] === '"') { v += '"'; j++; } else if (line[j] === '"') break; else v += line[j];
        }
        cells.push(v);
        i = j + 1;
      } else {
        const end = line.indexOf(",", i);
        cells.push(line.slice(i, end === -1 ? line.length : end));
        i = end === -1 ? line.length : end;
      }
    }
    return cells;
  });
}

async function report(id: string) {
  const req = new Request(`http://localhost/api/campaigns/${id}/report.csv`, { headers: { authorization: `Bearer ${w.token}` } });
  const res = await reportRoute.GET(req, { params: Promise.resolve({ campaign_id: id }) });
  expect(res.status).toBe(200);
  return parseCsv(await res.text());
}

describe("the report of a campaign whose agent has an analysis plan", () => {
  it("carries each attempt's outcome columns: analysed for the answered call, none for the unanswered ones", async () => {
    const post = (handler: Parameters<typeof call>[0], body: unknown, params?: Record<string, string>) => call(handler, "POST", "/", { token: w.token, body, params });
    const agentId = (await post(agentRoute.POST, { ...bolnaExampleAgent(), analysis_plan: ANALYSIS_PLAN_EXAMPLE })).json.agent_id as string;
    expect((await post(deployRoute.POST, { engine_id: w.engineId }, { id: agentId })).status).toBe(200);
    const { listId, numbers } = await contactList(w, 2);
    noAnswer.add(numbers[1]);
    const id = (await create({ name: "Outcome report", agent_id: agentId, list_id: listId, retry: { max_attempts: 2, delay_seconds: 0, on: ["no-answer"] } })).json.campaign_id;
    await act(id, "start");
    await drain(id);

    const [header, ...rows] = await report(id);
    const attempt = ["call_id", "status", "duration_seconds", "cost_usd", "summary", "called_at", ...OUTCOME_COLUMNS];
    expect(header).toEqual([
      "contact_id", "phone_number", "state", "attempts", "last_call_sid", "last_status", "next_attempt_at", "skip_reason", "updated_at", "variables",
      ...[1, 2].flatMap((n) => attempt.map((k) => `attempt_${n}_${k}`)),
    ]);
    expect(OUTCOME_COLUMNS).toEqual(["outcome_status", "success", "success_reason", "sentiment", "disposition", "outcome_fields"]);
    const cell = (r: string[], name: string) => r[header.indexOf(name)];
    const [answered, unanswered] = rows;
    expect(cell(answered, "attempt_1_status")).toBe("completed");
    // The fake's model answers each key with a value of its type: true, the first choice, 1.
    expect({
      status: cell(answered, "attempt_1_outcome_status"), success: cell(answered, "attempt_1_success"),
      sentiment: cell(answered, "attempt_1_sentiment"), disposition: cell(answered, "attempt_1_disposition"),
    }).toEqual({ status: "analyzed", success: "true", sentiment: "positive", disposition: "booked" });
    expect(cell(answered, "attempt_1_success_reason")).not.toBe("");
    expect(JSON.parse(cell(answered, "attempt_1_outcome_fields"))).toEqual({ seats: 1, plan: "basic" });
    // A slot the contact never used stays empty; an unanswered call has no outcome.
    expect(OUTCOME_COLUMNS.map((k) => cell(answered, `attempt_2_${k}`))).toEqual(OUTCOME_COLUMNS.map(() => ""));
    expect([cell(unanswered, "attempt_1_status"), cell(unanswered, "attempt_2_status")]).toEqual(["no-answer", "no-answer"]);
    expect([cell(unanswered, "attempt_1_outcome_status"), cell(unanswered, "attempt_2_outcome_status")]).toEqual(["none", "none"]);
    expect(cell(unanswered, "attempt_1_outcome_fields")).toBe("");
  });
});
