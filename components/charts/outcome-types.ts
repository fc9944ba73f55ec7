import type { CallSummary } from "@/lib/calls/hooks";

// The summary's `outcomes` (GET /api/details/summary) as the charts read it: the documented
// shape (lib/outcomes/openapi.ts OutcomeSummarySchema), never a copy.
export type SummaryOutcomes = CallSummary["outcomes"];
export type OutcomeDay = SummaryOutcomes["per_day"][number];
