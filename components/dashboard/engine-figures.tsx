import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatUsdPrecise } from "@/lib/calls/format";
import type { CallSummary } from "@/lib/calls/hooks";
import { plural } from "@/lib/format/plural";

const COMPONENTS = [["llm", "LLM"], ["synthesizer", "Voice (synthesizer)"], ["transcriber", "Transcriber"], ["network", "Network"], ["platform", "Platform"]] as const;
const percent = (n: number) => `${(n * 100).toFixed(1)}%`;

/**
 * Figures only calls placed through an engine carry: cost per component, hangup causes and
 * the voicemail rate, from the summary's engine rollup. Plain lists with bars drawn by width, so the
 * numbers are text for screen readers and nothing animates.
 */
export function EngineFigures({ summary }: { summary: Pick<CallSummary, "engine_calls" | "cost_by_component" | "hangup_reasons" | "voicemail"> }) {
  const total = COMPONENTS.reduce((s, [k]) => s + summary.cost_by_component[k], 0);
  const reasons = summary.hangup_reasons.slice(0, 6);
  return (
    <Card data-testid="engine-figures">
      <CardHeader>
        <CardTitle>Engine calls</CardTitle>
        <CardDescription>
          {summary.engine_calls === 0
            ? "No calls placed through an engine in this period: deploy an agent and place a call to see cost per component, hangup reasons and voicemail."
            : `${plural(summary.engine_calls, "call")} reported by an engine · voicemail rate ${percent(summary.voicemail.rate)} (${plural(summary.voicemail.calls, "call")})`}
        </CardDescription>
      </CardHeader>
      {summary.engine_calls > 0 && (
        <CardContent className="grid gap-6 md:grid-cols-2">
          <section aria-labelledby="cost-components">
            <h3 id="cost-components" className="text-[13px] font-medium text-zinc-700 dark:text-zinc-300">Cost by component</h3>
            <ul className="mt-2 space-y-2">
              {COMPONENTS.map(([key, label]) => {
                const v = summary.cost_by_component[key];
                return (
                  <li key={key} className="text-sm">
                    <div className="flex justify-between gap-2"><span>{label}</span><span className="tabular-nums">{formatUsdPrecise(v)}</span></div>
                    <div className="mt-1 h-1.5 rounded-full bg-zinc-100 dark:bg-zinc-800" aria-hidden="true">
                      <div className="h-1.5 rounded-full bg-indigo-500" style={{ width: `${total > 0 ? (v / total) * 100 : 0}%` }} />
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
          <section aria-labelledby="hangup-reasons">
            <h3 id="hangup-reasons" className="text-[13px] font-medium text-zinc-700 dark:text-zinc-300">Hangup reasons</h3>
            {reasons.length === 0 ? (
              <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-300">No engine reported a hangup reason.</p>
            ) : (
              <ul className="mt-2 space-y-1.5">
                {reasons.map((r) => (
                  <li key={`${r.hangup_by}:${r.hangup_reason}`} className="flex justify-between gap-2 text-sm">
                    <span className="min-w-0 break-words">{r.hangup_reason || "No reason given"}{r.hangup_by && <span className="text-zinc-600 dark:text-zinc-300"> · {r.hangup_by}</span>}</span>
                    <span className="shrink-0 tabular-nums">{r.calls.toLocaleString()}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </CardContent>
      )}
    </Card>
  );
}
