import type * as React from "react";
import Link from "next/link";
import { formatCount, formatPercent } from "@/lib/calls/format";
import { cn, focusRing } from "@/lib/utils";
import { SENTIMENTS, type Sentiment } from "@/lib/outcomes/schema";
import { ChartTable } from "./chart-table";

// Green, grey, red in shades that hold white text at 4.5:1 (green-700, zinc-500, red-600); every
// segment also carries its word and share in text, so the mix never depends on telling colours apart.
const STYLE: Record<Sentiment, { label: string; bar: string; dot: string }> = {
  positive: { label: "Positive", bar: "bg-green-700", dot: "bg-green-700" },
  neutral: { label: "Neutral", bar: "bg-zinc-500", dot: "bg-zinc-500" },
  negative: { label: "Negative", bar: "bg-red-600", dot: "bg-red-600" },
};

/**
 * How callers felt, as one stacked bar (HTML, no SVG: nothing to animate) with a labelled legend.
 * With `hrefFor`, each segment and legend entry opens those calls: the segments for the mouse (out
 * of the tab order), the legend's links and the table's rows for the keyboard and screen readers.
 */
export function SentimentMixChart({ sentiment, hrefFor }: { sentiment: Record<Sentiment, number>; hrefFor?: (s: Sentiment) => string }) {
  const total = SENTIMENTS.reduce((n, s) => n + sentiment[s], 0);
  if (total === 0) return <p className="py-8 text-center text-sm text-zinc-500 dark:text-zinc-400">No sentiment in this range.</p>;
  const share = (s: Sentiment) => sentiment[s] / total;
  return (
    <div data-testid="chart-sentiment">
      <div className="flex h-8 w-full overflow-hidden rounded-md" aria-hidden="true">
        {SENTIMENTS.filter((s) => sentiment[s] > 0).map((s) => (
          <Segment key={s} href={hrefFor?.(s)} className={`${STYLE[s].bar} flex min-w-0 items-center justify-center text-xs font-medium text-white`}
            style={{ width: `${share(s) * 100}%` }} title={`${STYLE[s].label}: ${formatCount(sentiment[s])}`}>
            {share(s) >= 0.12 && <span className="truncate px-1">{STYLE[s].label} {formatPercent(share(s))}</span>}
          </Segment>
        ))}
      </div>
      <ul className="mt-4 space-y-1 text-sm">
        {SENTIMENTS.map((s) => (
          <li key={s} data-sentiment={s}>
            <LegendEntry href={hrefFor && sentiment[s] > 0 ? hrefFor(s) : undefined}>
              <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${STYLE[s].dot}`} />
              <span className="flex-1 text-zinc-700 dark:text-zinc-300">{STYLE[s].label}</span>
              <span className="font-medium tabular-nums">{formatCount(sentiment[s])}</span>
              <span className="w-12 text-right text-xs text-zinc-500 tabular-nums dark:text-zinc-400">{formatPercent(share(s))}</span>
            </LegendEntry>
          </li>
        ))}
      </ul>
      <ChartTable caption="Sentiment mix" columns={["Sentiment", "Calls", "Share"]}
        rows={SENTIMENTS.map((s) => [STYLE[s].label, formatCount(sentiment[s]), formatPercent(share(s))])}
        hrefs={hrefFor && SENTIMENTS.map((s) => (sentiment[s] > 0 ? hrefFor(s) : null))} />
    </div>
  );
}

function Segment({ href, ...props }: { href?: string; className: string; style: React.CSSProperties; title: string; children: React.ReactNode }) {
  return href ? <Link href={href} prefetch={false} tabIndex={-1} {...props} className={cn(props.className, "hover:brightness-110")} /> : <div {...props} />;
}

function LegendEntry({ href, children }: { href?: string; children: React.ReactNode }) {
  const row = "flex items-center gap-2 px-2 py-0.5";
  if (!href) return <div className={row}>{children}</div>;
  return <Link href={href} prefetch={false} className={cn(row, "rounded-md py-1 hover:bg-zinc-50 dark:hover:bg-zinc-800/60", focusRing)}>{children}</Link>;
}
