import { getAgent } from "@/lib/agents/db";
import { reportPage, type ReportCall } from "@/lib/campaigns/db/report";
import { getCampaignRow } from "@/lib/campaigns/db/campaigns";
import { campaignSettings, CampaignParams } from "@/lib/campaigns/schema";
import { csvDownload } from "@/lib/http/csv-download";
import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { OUTCOME_COLUMNS, outcomeCells } from "@/lib/outcomes/csv";

export const dynamic = "force-dynamic";

// The first nine columns are the report's original ones, in their original order (spreadsheets and
// scripts read them by position); the contact's variables and each attempt's call follow.
const COLUMNS = ["contact_id", "phone_number", "state", "attempts", "last_call_sid", "last_status", "next_attempt_at", "skip_reason", "updated_at"] as const;
// When the campaign's agent has an analysis plan, each attempt also carries the call
// export's outcome columns (lib/outcomes/csv.ts, one source); a report of an agent without a plan,
// whose calls can have no outcome, keeps the columns it always had.
const ATTEMPT = ["call_id", "status", "duration_seconds", "cost_usd", "summary", "called_at"] as const;
const attemptCells = (c: ReportCall | undefined, outcomes: boolean) => [
  ...(c ? [c.call_sid, c.status, c.duration, c.cost, c.summary, c.created_at] : ATTEMPT.map(() => null)),
  ...(!outcomes ? [] : c ? outcomeCells(c.outcome) : OUTCOME_COLUMNS.map(() => null)),
];

/** Every contact of the campaign with its variables and each attempt's call, in list order, streamed a page at a time. */
export const GET = route({ params: CampaignParams }, async ({ params, auth, requestId }) => {
  const row = await getCampaignRow(auth.accountId, params.campaign_id);
  if (!row) throw notFound("Campaign");
  // One group of attempt columns per attempt the campaign allows: the header is known before the first row.
  const slots = campaignSettings(row.settings, row.id).retry.max_attempts;
  const outcomes = Boolean((await getAgent(auth.accountId, row.agent_id))?.analysis_plan);
  const group = outcomes ? [...ATTEMPT, ...OUTCOME_COLUMNS] : ATTEMPT;
  const header = [...COLUMNS, "variables", ...Array.from({ length: slots }, (_, i) => group.map((k) => `attempt_${i + 1}_${k}`)).flat()];
  const read = async (cursor?: string) => {
    const page = await reportPage(auth.accountId, row.id, { limit: 1000, cursor });
    return {
      rows: page.contacts.map((c) => [
        ...COLUMNS.map((k) => c[k]), JSON.stringify(c.variables),
        ...Array.from({ length: slots }, (_, i) => attemptCells(c.calls[i], outcomes)).flat(),
      ]),
      cursor: page.next_cursor,
    };
  };
  const slug = row.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40) || "campaign";
  return csvDownload({ requestId, filename: `${slug}-report.csv`, header, first: await read(), next: read, what: "campaign report" });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
