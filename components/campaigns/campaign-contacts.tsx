"use client";

import * as React from "react";
import { Users } from "lucide-react";
import { FilterSelect } from "@/components/calls/filter-select";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { LoadMore, LoadingRows } from "@/components/ui/load-more";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { formatDateTime } from "@/lib/calls/format";
import { useCampaignContacts } from "@/lib/campaigns/hooks";
import { CONTACT_STATES, type ContactState } from "@/lib/campaigns/schema";
import { CONTACT_STATE_LABELS, SKIP_REASON_LABELS } from "./campaign-status";

const STATE_OPTIONS = CONTACT_STATES.map((s) => ({ value: s, label: CONTACT_STATE_LABELS[s] }));

/** Per contact: state, attempts, last call and the next attempt; filtered by state, a page at a time. */
export function CampaignContacts({ campaignId, live }: { campaignId: string; live: boolean }) {
  const [state, setState] = React.useState<ContactState | null>(null);
  const contacts = useCampaignContacts(campaignId, state, live);
  const rows = contacts.data?.pages.flatMap((p) => p.contacts) ?? [];
  return (
    <section aria-labelledby="contacts-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="contacts-title" className="text-base font-semibold">Contacts</h2>
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
                    {c.last_call_sid ? <span title={c.last_call_sid}>{c.last_status ?? "—"}</span> : "—"}
                  </Td>
                  <Td className="hidden text-zinc-600 sm:table-cell dark:text-zinc-400">
                    {c.next_attempt_at ? formatDateTime(c.next_attempt_at) : c.skip_reason ? (SKIP_REASON_LABELS[c.skip_reason] ?? c.skip_reason) : "—"}
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
