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
export function EnginesCompared({ summary }: { summary: Pick<CallSummary, "per_engine"> }) {
  const rows = summary.per_engine.filter((e) => e.engine_id !== null);
  const editor = useCan("editor");
  const engines = useEngines(editor.allowed && rows.length > 1);
  if (rows.length < 2) return null;
  const names = new Map((engines.data ?? []).map((e) => [e.engine_id, e.name]));
  return (
    <Card data-testid="engines-compared">
      <CardHeader>
        <CardTitle>By engine</CardTitle>
        <CardDescription>Calls in this period per engine they came through.</CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead className="text-left text-[13px] text-zinc-600 dark:text-zinc-300">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">Engine</th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">Calls</th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">Answered</th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">Cost</th>
              <th scope="col" className="py-1 text-right font-medium">Cost per minute</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {rows.map((e) => {
              const kind = e.provider ? providerInfo(e.provider)?.label ?? e.provider : "Unknown kind";
              return (
                <tr key={e.engine_id} data-engine={e.engine_id}>
                  <th scope="row" className="py-1.5 pr-3 text-left font-normal">
                    {names.get(e.engine_id!) ?? kind}
                    {names.has(e.engine_id!) && <span className="block text-xs text-zinc-500 dark:text-zinc-400">{kind}</span>}
                  </th>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{e.calls}</td>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{e.calls ? percent(e.completed / e.calls) : "—"}</td>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{formatUsdPrecise(e.cost)}</td>
                  <td className="py-1.5 text-right tabular-nums">{e.duration > 0 ? formatUsdPrecise(e.cost / (e.duration / 60)) : "—"}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
