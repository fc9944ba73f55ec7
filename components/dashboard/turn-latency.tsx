import Link from "next/link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { CallSummary } from "@/lib/calls/hooks";
import { plural } from "@/lib/format/plural";
import { cn, focusRing } from "@/lib/utils";

const ms = (v: number | null) => (v === null ? "—" : `${v.toLocaleString("en-US")} ms`);
const perCall = (v: number | null) => (v === null ? "—" : v.toLocaleString("en-US", { maximumFractionDigits: 2 }));

/**
 * How quickly agents answered and how often callers talked over them, for engines that report it
 * (per-turn latency and interruptions): the period's figures, then a row per agent linking to its
 * calls (a table: the figures are text, read in order by a screen reader). Hidden when no call in
 * the period has them.
 */
export function TurnLatency({ summary, callsOf }: { summary: Pick<CallSummary, "latency">; callsOf: (agentId: string) => string }) {
  const l = summary.latency;
  if (l.latency_calls === 0 && l.interruption_calls === 0) return null;
  return (
    <Card data-testid="turn-latency">
      <CardHeader>
        <CardTitle>Response latency</CardTitle>
        <CardDescription>
          {l.turns > 0
            ? `Time from the caller stopping to the agent speaking: median ${ms(l.p50_ms)}, 90th percentile ${ms(l.p90_ms)}, over ${plural(l.turns, "turn")} in ${plural(l.latency_calls, "call")}.`
            : "No turn latency reported in this period."}
          {l.interruptions_per_call !== null && ` Interruptions per call: ${perCall(l.interruptions_per_call)} (over ${plural(l.interruption_calls, "call")}).`}
        </CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Response latency and interruptions per agent</caption>
          <thead className="text-left text-[13px] text-zinc-600 dark:text-zinc-300">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">Agent</th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">Turns</th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">Median</th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">90th percentile</th>
              <th scope="col" className="py-1 text-right font-medium">Interruptions per call</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {l.per_agent.map((a) => (
              <tr key={a.agent_id} data-agent={a.agent_id}>
                <th scope="row" className="py-1.5 pr-3 text-left font-normal">
                  <Link href={callsOf(a.agent_id)} prefetch={false} className={cn("text-indigo-600 underline underline-offset-2 hover:text-indigo-800 dark:text-indigo-400 dark:hover:text-indigo-300", focusRing)}>{a.name || a.agent_id}</Link>
                </th>
                <td className="py-1.5 pr-3 text-right tabular-nums">{a.turns.toLocaleString("en-US")}</td>
                <td className="py-1.5 pr-3 text-right tabular-nums">{ms(a.p50_ms)}</td>
                <td className="py-1.5 pr-3 text-right tabular-nums">{ms(a.p90_ms)}</td>
                <td className="py-1.5 text-right tabular-nums">{perCall(a.interruptions_per_call)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
