"use client";

import * as React from "react";
import Link from "next/link";
import { Users } from "lucide-react";
import { FilterSelect } from "@/components/calls/filter-select";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { LoadMore, LoadingRows } from "@/components/ui/load-more";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { formatDateTime } from "@/lib/calls/format";
import { callLogHref } from "@/lib/calls/url-state";
import { useNow } from "@/lib/format/use-now";
import { cn, focusRing } from "@/lib/utils";
import { useCampaignContacts, type CampaignContact } from "@/lib/campaigns/hooks";
import { CONTACT_STATES, type ContactState } from "@/lib/campaigns/schema";
import { CONTACT_STATE_LABELS, SKIP_REASON_LABELS } from "./campaign-status";

const STATE_OPTIONS = CONTACT_STATES.map((s) => ({ value: s, label: CONTACT_STATE_LABELS[s] }));

const linkClass = cn("rounded-sm text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-300", focusRing);

/**
 * The last column: a future attempt's time; once that time has passed the contact waits in the
 * queue, which serves contacts in the order they came due (lib/campaigns/db/contacts.ts dueContacts):
 * every first attempt due earlier goes out before a retry, so a past time is never shown as "next".
 */
function nextOrNote(c: CampaignContact, now: number): string {
  if (c.next_attempt_at) {
    if (Date.parse(c.next_attempt_at) > now) return formatDateTime(c.next_attempt_at);
    return c.attempts > 0 ? "Retry due: after contacts due earlier (first calls go first)" : "Due: waiting for a free line";
  }
  return c.skip_reason ? (SKIP_REASON_LABELS[c.skip_reason] ?? c.skip_reason) : "—";
}

/** Per contact: state, attempts, last call (a link to it in the call log) and the next attempt; filtered by state, a page at a time. */
export function CampaignContacts({ campaignId, live }: { campaignId: string; live: boolean }) {
  const now = useNow(15_000);
  const [state, setState] = React.useState<ContactState | null>(null);
  const contacts = useCampaignContacts(campaignId, state, live);
  const rows = contacts.data?.pages.flatMap((p) => p.contacts) ?? [];
  return (
    <section aria-labelledby="contacts-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="contacts-title" className="text-base font-semibold">Contacts</h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Called in the order they come due: first calls due earlier go out before a retry.</p>
        </div>
        <FilterSelect label="Contact state" anyLabel="All states" value={state} options={STATE_OPTIONS} onChange={(v) => setState(v as ContactState | null)} />
      </div>
      {contacts.isPending ? (
        <LoadingRows label="Loading contacts" rows={4} />
      ) : contacts.isError ? (
        <ErrorState message={contacts.error.message} onRetry={() => contacts.refetch()} retrying={contacts.isFetching} />
      ) : rows.length === 0 ? (
        <EmptyState icon={Users} title={state ? `No contact is ${CONTACT_STATE_LABELS[state].toLowerCase()}` : "No contacts"} />
      ) : (
        <>
          <Table>
            <THead>
              <tr>
                <Th>Number</Th>
                <Th>State</Th>
                <Th className="text-right">Attempts</Th>
                <Th className="hidden md:table-cell">Last call</Th>
                <Th className="hidden sm:table-cell">Next attempt / note</Th>
              </tr>
            </THead>
            <TBody>
              {rows.map((c) => (
                <Tr key={c.contact_id}>
                  <Td className="font-medium tabular-nums">{c.phone_number}</Td>
                  <Td>{CONTACT_STATE_LABELS[c.state]}</Td>
                  <Td className="text-right tabular-nums">{c.attempts}</Td>
                  <Td className="hidden max-w-[14rem] truncate text-zinc-600 md:table-cell dark:text-zinc-400">
                    {c.last_call_sid ? (
                      <Link href={callLogHref({ campaign_id: campaignId, call: c.last_call_sid })} className={linkClass} title={c.last_call_sid}
                        aria-label={`Last call to ${c.phone_number}: ${c.last_status ?? "status unknown"}, open in the call log`}>
                        {c.last_status ?? "—"}
                      </Link>
                    ) : "—"}
                  </Td>
                  <Td className="hidden text-zinc-600 sm:table-cell dark:text-zinc-400">
                    {nextOrNote(c, now)}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
          <LoadMore query={contacts} />
        </>
      )}
    </section>
  );
}
