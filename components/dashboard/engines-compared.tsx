"use client";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatUsdPrecise } from "@/lib/calls/format";
import type { CallSummary } from "@/lib/calls/hooks";
import { useEngines } from "@/lib/engines/hooks";
import { providerInfo } from "@/lib/engines/providers";
import { useCan } from "@/lib/people/hooks/use-can";

const percent = (n: number) => `${(n * 100).toFixed(1)}%`;

/**
 * The period's calls per engine, side by side, when they came through more than one (a table: the
 * figures are text, comparable at a glance and read in order by a screen reader). Engines are named
 * when the account's list is readable to this role; otherwise by their kind.
 */
export function EnginesCompared({ summary }: { summary: Pick<CallSummary, "per_engine"> & Partial<Pick<CallSummary, "outcomes" | "latency">> }) {
  const rows = summary.per_engine.filter((e) => e.engine_id !== null);
  const editor = useCan("editor");
  const engines = useEngines(editor.allowed && rows.length > 1);
  if (rows.length < 2) return null;
  const names = new Map((engines.data ?? []).map((e) => [e.engine_id, e.name]));
  // The outcome and latency rollups per engine, matched by id: an engine without outcomes or timed turns shows a dash.
  const outcomes = new Map((summary.outcomes?.per_engine ?? []).map((o) => [o.engine_id, o]));
  const latency = new Map((summary.latency?.per_engine ?? []).map((l) => [l.engine_id, l]));
  return (
    <Card data-testid="engines-compared">
      <CardHeader>
        <CardTitle>By engine</CardTitle>
        <CardDescription>Calls in this period per engine they came through: answered, judged a success, what a minute costs and how fast the agent answers.</CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead className="text-left text-[13px] text-zinc-600 dark:text-zinc-300">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">Engine</th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">Calls</th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">Answered</th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">Success</th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">Cost</th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">Cost per minute</th>
              <th scope="col" className="py-1 text-right font-medium"><abbr title="Turn latency: median and 90th percentile">Latency p50 / p90</abbr></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {rows.map((e) => {
              const kind = e.provider ? providerInfo(e.provider)?.label ?? e.provider : "Unknown kind";
              const success = outcomes.get(e.engine_id)?.success_rate ?? null;
              const turns = latency.get(e.engine_id);
              return (
                <tr key={e.engine_id} data-engine={e.engine_id}>
                  <th scope="row" className="py-1.5 pr-3 text-left font-normal">
                    {names.get(e.engine_id!) ?? kind}
                    {names.has(e.engine_id!) && <span className="block text-xs text-zinc-500 dark:text-zinc-400">{kind}</span>}
                  </th>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{e.calls}</td>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{e.calls ? percent(e.completed / e.calls) : "—"}</td>
                  <td className="py-1.5 pr-3 text-right tabular-nums" data-col="success">{success === null ? "—" : percent(success)}</td>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{formatUsdPrecise(e.cost)}</td>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{e.duration > 0 ? formatUsdPrecise(e.cost / (e.duration / 60)) : "—"}</td>
                  <td className="py-1.5 text-right tabular-nums whitespace-nowrap" data-col="latency">
                    {turns?.p50_ms != null ? `${turns.p50_ms} / ${turns.p90_ms} ms` : "—"}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
