// The summary's `outcomes` (issue 21, GET /api/details/summary) as the charts read it. Written from
// the contract so the dashboard can be built while the server side lands; CallSummary["outcomes"]
// must stay assignable to it (checked in components/dashboard/outcome-section.tsx).

export interface OutcomeDay { day: string; analyzed: number; succeeded: number }

export interface SummaryOutcomes {
  analyzed: number;
  succeeded: number;
  /** 0..1, null when nothing with a success verdict was analysed. */
  success_rate: number | null;
  sentiment: { positive: number; neutral: number; negative: number };
  dispositions: Record<string, number>;
  /** USD: the cost of every call in the range over the successful ones; null without a success. */
  cost_per_success: number | null;
  per_day: OutcomeDay[];
}
