import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { formatUsdPrecise } from "@/lib/calls/format";
import type { CallRecord } from "@/lib/calls/hooks";

const WHY = "Estimated from the call's usage and the account's prices";

/**
 * A call's cost. An estimate (an engine that reports usage but no price, lib/pricing) reads
 * "≈ $0.0123": in the call log with ", estimated" for screen readers and on hover; in the call
 * sheet (`detail`) with an "estimated" badge and where the prices are set.
 */
export function CallCost({ call, detail = false }: { call: Pick<CallRecord, "cost" | "cost_estimated">; detail?: boolean }) {
  const amount = formatUsdPrecise(call.cost);
  if (!call.cost_estimated) return <span className="tabular-nums">{amount}</span>;
  if (!detail) {
    return (
      <span className="tabular-nums" title={WHY} data-estimated="">
        <span aria-hidden="true">≈ </span>{amount}<span className="sr-only">, estimated</span>
      </span>
    );
  }
  return (
    // break-normal: the sheet's value cell breaks anywhere (for ids and URLs), which would split this sentence's words.
    <span className="flex flex-col gap-0.5 break-normal" data-estimated="">
      <span className="flex flex-wrap items-center gap-2">
        <span className="tabular-nums"><span aria-hidden="true">≈ </span>{amount}</span>
        <Badge variant="warning">estimated</Badge>
      </span>
      <span className="text-xs text-zinc-500 dark:text-zinc-400">
        {WHY} (<Link href="/settings/pricing" className="underline underline-offset-2">Settings → Pricing</Link>), plus the carrier&apos;s price once known.
      </span>
    </span>
  );
}
