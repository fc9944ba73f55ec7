import { isFinalStatus } from "@/lib/calls/status";
import { CONTACT_STATES, type Campaign, type CampaignWithStats, type ContactState } from "@/lib/campaigns/schema";

// A campaign's live figures from its grouped rows (lib/campaigns/db/campaigns.ts, withStats, reads
// them): contacts per state, attempts, cost and answer rate, apart from the SQL that groups them.

export interface StateCount { state: string; n: number; attempts: number }
export interface StatusCount { status: string; n: number; cost: number }
export type CampaignFigures = Omit<CampaignWithStats, keyof Campaign>;

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * `draftSize`: a draft has no snapshot yet, so its list's size counts as pending (undefined once
 * started). Answer rate = completed / calls that ended (any final status); null before any ended.
 */
export function campaignFigures(states: StateCount[], calls: StatusCount[], draftSize?: number): CampaignFigures {
  const counts = Object.fromEntries(CONTACT_STATES.map((s) => [s, 0])) as Record<ContactState, number>;
  let attempts = 0;
  for (const s of states) {
    counts[s.state as ContactState] = s.n;
    attempts += s.attempts;
  }
  if (draftSize !== undefined) counts.pending = draftSize;
  let cost = 0, finished = 0, completed = 0;
  for (const c of calls) {
    cost += c.cost;
    if (isFinalStatus(c.status)) finished += c.n;
    if (c.status === "completed") completed += c.n;
  }
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return {
    counts, total, attempts, cost: round4(cost),
    answer_rate: finished ? round4(completed / finished) : null,
    in_flight: counts.dialing + counts.in_progress,
  };
}
