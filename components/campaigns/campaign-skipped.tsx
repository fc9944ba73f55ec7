"use client";

import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { formatCount } from "@/lib/calls/format";
import type { CampaignPreview } from "@/lib/campaigns/hooks";
import { SKIP_REASON_LABELS } from "./campaign-status";

/** "5 contacts = 3 will be called + 1 on the do-not-call list + 1 missing a variable": the dry run's figures, summed where one can see it. */
export function PreviewSum({ p }: { p: CampaignPreview }) {
  const parts: [number, string][] = [
    [p.will_call, "will be called"], [p.skipped.suppressed, "on the do-not-call list"],
    [p.skipped.invalid, "not a callable number"], [p.skipped.missing_variables, "missing a variable"],
  ];
  const shown = parts.filter(([n], i) => i === 0 || n > 0);
  return (
    <p className="text-sm tabular-nums" data-testid="dry-run-sum">
      {formatCount(p.total)} {p.total === 1 ? "contact" : "contacts"} = {shown.map(([n, label]) => `${formatCount(n)} ${label}`).join(" + ")}
    </p>
  );
}

/** The skipped contacts by name and reason (the first `skipped_contacts_cap` in list order; the figures count them all). */
export function SkippedContacts({ p }: { p: CampaignPreview }) {
  const skipped = p.total - p.will_call;
  if (p.skipped_contacts.length === 0) return null;
  const more = skipped - p.skipped_contacts.length;
  return (
    <div>
      <h3 id="skipped-title" className="mb-2 text-sm font-medium">Skipped contacts</h3>
      <Table aria-labelledby="skipped-title">
        <THead><tr><Th>Number</Th><Th>Why</Th></tr></THead>
        <TBody>
          {p.skipped_contacts.map((s) => (
            <Tr key={s.contact_id}>
              <Td className="tabular-nums">{s.phone_number}</Td>
              <Td>
                {SKIP_REASON_LABELS[s.reason] ?? s.reason}
                {s.missing.length > 0 && <>: {s.missing.map((name, i) => <span key={name}>{i > 0 && ", "}<code>{`{${name}}`}</code></span>)}</>}
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      {more > 0 && (
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          Showing the first {formatCount(p.skipped_contacts.length)} of {formatCount(skipped)} skipped contacts, in list order.
        </p>
      )}
    </div>
  );
}
