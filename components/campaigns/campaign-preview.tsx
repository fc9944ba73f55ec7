"use client";

import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingRows } from "@/components/ui/load-more";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { formatCount, formatDateTime } from "@/lib/calls/format";
import { useCampaignPreview } from "@/lib/campaigns/hooks";
import { canonicalZone } from "@/lib/places/time-zones";
import { PreviewSum, SkippedContacts } from "./campaign-skipped";

/** Now on a zone's clock, as the console writes times ("Wed 3:27 PM"); the answer's local_time is its exact text. */
const wallClock = (zone: string) => new Intl.DateTimeFormat(undefined, { weekday: "short", hour: "numeric", minute: "2-digit", timeZone: zone }).format(new Date());

/** The dry run of a draft: who will be called, who will be skipped and why, and when dialling starts. Nothing is dialled. */
export function CampaignPreviewPanel({ campaignId }: { campaignId: string }) {
  const preview = useCampaignPreview(campaignId, true);
  if (preview.isPending) return <LoadingRows label="Running the dry run" rows={3} />;
  if (preview.isError) return <ErrorState title="The dry run failed" message={preview.error.message} onRetry={() => preview.refetch()} retrying={preview.isFetching} />;
  const p = preview.data;
  const missing = Object.entries(p.missing_variables).sort((a, b) => b[1] - a[1]);
  const figures: [string, number][] = [
    ["Contacts", p.total], ["Will be called", p.will_call], ["On the do-not-call list", p.skipped.suppressed],
    ["Not a callable number", p.skipped.invalid], ["Missing variables", p.skipped.missing_variables],
  ];
  return (
    <Card aria-labelledby="dry-run-title">
      <CardHeader>
        <CardTitle id="dry-run-title">Dry run</CardTitle>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          What Start would do with the list as it is now. Nothing has been dialled.{" "}
          {p.first_dispatch_at ? <>The first call would go out <strong className="font-medium">{formatDateTime(p.first_dispatch_at)}</strong>.</> : "No contact would be called."}
        </p>
      </CardHeader>
      <CardContent className="space-y-5">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="dry-run-figures">
          {figures.map(([label, n]) => (
            <div key={label} className="rounded-md bg-zinc-50 px-3 py-2 dark:bg-zinc-900">
              <dt className="text-xs text-zinc-600 dark:text-zinc-400">{label}</dt>
              <dd className="text-lg font-semibold tabular-nums">{formatCount(n)}</dd>
            </div>
          ))}
        </dl>
        <PreviewSum p={p} />
        {missing.length > 0 && (
          <div>
            <h3 className="mb-2 text-sm font-medium">Template variables missing from contacts</h3>
            <ul className="flex flex-wrap gap-2 text-sm">
              {missing.map(([name, n]) => (
                <li key={name} className="rounded-md bg-amber-50 px-2 py-1 text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
                  <code>{`{${name}}`}</code>: {formatCount(n)} {n === 1 ? "contact" : "contacts"}
                </li>
              ))}
            </ul>
          </div>
        )}
        <SkippedContacts p={p} />
        {p.sample.length > 0 && (
          <div>
            <h3 className="mb-2 text-sm font-medium">First contacts to be called</h3>
            <Table>
              <THead><tr><Th>Number</Th><Th>Time now where their windows are read</Th><Th className="hidden sm:table-cell">First attempt</Th></tr></THead>
              <TBody>
                {p.sample.map((s) => (
                  <Tr key={s.phone_number}>
                    <Td className="tabular-nums">{s.phone_number}</Td>
                    <Td>
                      <span className="tabular-nums" title={s.local_time.replace("T", " ")}>{wallClock(s.zone)}</span>{" "}
                      <span className="text-zinc-600 dark:text-zinc-400">
                        {s.zone_source === "number" ? `(${canonicalZone(s.zone)}, their zone)` : `(${canonicalZone(s.zone)}, the campaign's zone${/^\+1/.test(s.phone_number) ? ": its area code spans several zones" : ""})`}
                      </span>
                    </Td>
                    <Td className="hidden sm:table-cell">{s.first_attempt_at ? formatDateTime(s.first_attempt_at) : "—"}</Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
