import { callSummary } from "@/lib/calls/db/summary";
import { addDays } from "@/lib/calls/summary-math";
import { reuseWhileUnchanged } from "@/lib/http/read-cache";
import { route, validationError } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/methods";
import { SummaryQuery } from "@/lib/calls/schema";

export const dynamic = "force-dynamic";

const MAX_DAYS = 731;

export const GET = route({ query: SummaryQuery }, async ({ query, auth }) => {
  const toDay = query.to ?? new Date().toISOString().slice(0, 10);
  const fromDay = query.from ?? addDays(toDay, -29);
  if (Date.parse(toDay) - Date.parse(fromDay) > MAX_DAYS * 86_400_000) {
    throw validationError([{ path: "from", message: `from..to may span at most ${MAX_DAYS} days` }]);
  }
  const range = { fromDay, toDay, agentId: query.agent_id, agentVersion: query.agent_version, campaignId: query.campaign_id,
    engineId: query.engine_id, provider: query.provider };
  // The key holds the resolved days, so a kept answer never outlives the day it was computed for.
  return reuseWhileUnchanged(`summary\n${auth.accountId}\n${JSON.stringify(range)}`, () => callSummary(auth.accountId, range));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
