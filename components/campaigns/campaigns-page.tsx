"use client";

import Link from "next/link";
import { Megaphone, Plus } from "lucide-react";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { LoadMore, LoadingRows } from "@/components/ui/load-more";
import { Progress } from "@/components/ui/progress";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { formatDate } from "@/components/contacts/format";
import { formatCount } from "@/lib/calls/format";
import { useCampaigns } from "@/lib/campaigns/hooks";
import { useCan } from "@/lib/people/hooks/use-can";
import { cn, focusRing } from "@/lib/utils";
import { CampaignStatusBadge, progressOf } from "./campaign-status";

/** `/campaigns`: every campaign with its status and progress; live ones refresh on their own. */
export function CampaignsPage() {
  const list = useCampaigns();
  const can = useCan("editor");
  const rows = list.data?.pages.flatMap((p) => p.campaigns) ?? [];
  const newButton = can.allowed ? (
    <Button asChild>
      <Link href="/campaigns/new"><Plus aria-hidden="true" /> New campaign</Link>
    </Button>
  ) : (
    <Button disabled title={can.reason}><Plus aria-hidden="true" /> New campaign</Button>
  );

  return (
    <>
      <PageHeader
        title="Campaigns"
        description="Call a contact list with an agent, inside calling windows, at a pace you set."
        actions={rows.length > 0 ? newButton : undefined}
      />
      {list.isPending ? (
        <LoadingRows label="Loading campaigns" rows={4} />
      ) : list.isError ? (
        <ErrorState message={list.error.message} onRetry={() => list.refetch()} retrying={list.isFetching} />
      ) : rows.length === 0 ? (
        <EmptyState icon={Megaphone} title="No campaigns yet"
          text="Pick a deployed agent and a contact list; a dry run shows who will be called before anything is dialled."
          action={newButton} />
      ) : (
        <>
          <Table>
            <THead>
              <tr>
                <Th>Name</Th>
                <Th>Status</Th>
                <Th className="w-[30%]">Progress</Th>
                <Th className="hidden text-right md:table-cell">In flight</Th>
                <Th className="hidden md:table-cell">Created</Th>
              </tr>
            </THead>
            <TBody>
              {rows.map((c) => {
                const { done, total } = progressOf(c);
                return (
                  <Tr key={c.campaign_id}>
                    <Td className="max-w-[14rem] truncate font-medium">
                      <Link href={`/campaigns/${c.campaign_id}`} className={cn("rounded-sm hover:text-indigo-600 dark:hover:text-indigo-400", focusRing)}>
                        {c.name}
                      </Link>
                    </Td>
                    <Td><CampaignStatusBadge status={c.status} /></Td>
                    <Td>
                      <div className="flex items-center gap-2">
                        <Progress value={c.status === "draft" ? 0 : done} max={Math.max(total, 1)} label={`${c.name} progress`} className="min-w-16" />
                        <span className="shrink-0 text-xs text-zinc-600 tabular-nums dark:text-zinc-400">{formatCount(done)}/{formatCount(total)}</span>
                      </div>
                    </Td>
                    <Td className="hidden text-right tabular-nums md:table-cell">{c.in_flight}/{c.max_concurrency}</Td>
                    <Td className="hidden text-zinc-600 md:table-cell dark:text-zinc-400">{formatDate(c.created_at)}</Td>
                  </Tr>
                );
              })}
            </TBody>
          </Table>
          <LoadMore query={list} />
        </>
      )}
    </>
  );
}
