"use client";

import * as React from "react";
import { Inbox } from "lucide-react";
import { parseAsStringLiteral, useQueryState } from "nuqs";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingRows, LoadMore } from "@/components/ui/load-more";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { ToggleGroup, ToggleGroupItem } from "@/components/ui/toggle-group";
import { formatDateTime } from "@/lib/format/date-time";
import { useQueryClient } from "@tanstack/react-query";
import { useWebhookAttempts, webhookKeys } from "@/lib/webhooks/hooks";
import { ATTEMPT_STATUSES, type Attempt } from "@/lib/webhooks/schema";
import { ATTEMPT_TONE, AttemptSheet } from "./attempt-sheet";
import { messageSummary } from "./webhook-format";

const FILTERS = ["all", ...ATTEMPT_STATUSES] as const;

/**
 * The endpoints list above shows each one's 24 h health from the attempts: when a new attempt lands
 * in the log (a test ping, a resend, a retry), the list is read again so the two agree.
 * `newest`: the newest attempt's id once loaded ("" for none yet), undefined while loading.
 */
function useHealthFollows(newest: string | undefined) {
  const qc = useQueryClient();
  const seen = React.useRef<string | undefined>(undefined);
  React.useEffect(() => {
    if (newest === undefined) return;
    if (seen.current !== undefined && seen.current !== newest) void qc.invalidateQueries({ queryKey: webhookKeys.list() });
    seen.current = newest;
  }, [newest, qc]);
}

/** The endpoint's attempts, newest first, filtered by status (kept in the URL), each opening its request and response. */
export function DeliveryLog({ endpointId, watching, onQueued }: { endpointId: string; watching: boolean; onQueued: () => void }) {
  const [filter, setFilter] = useQueryState("status", parseAsStringLiteral(FILTERS).withDefault("all").withOptions({ history: "replace" }));
  const status = filter === "all" ? undefined : filter;
  const [open, setOpen] = React.useState<Attempt | null>(null);
  const log = useWebhookAttempts(endpointId, status, watching);
  const attempts = log.data?.pages.flatMap((p) => p.attempts) ?? [];
  useHealthFollows(log.isSuccess ? attempts[0]?.attempt_id ?? "" : undefined);
  return (
    <section aria-labelledby="delivery-log-title" className="mt-6">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h3 id="delivery-log-title" className="text-base font-semibold">Delivery log</h3>
        <ToggleGroup type="single" value={filter} onValueChange={(v) => v && void setFilter(v as (typeof FILTERS)[number])} aria-label="Filter attempts by status">
          {FILTERS.map((f) => <ToggleGroupItem key={f} value={f} className="capitalize">{f}</ToggleGroupItem>)}
        </ToggleGroup>
      </div>
      {log.isPending ? (
        <LoadingRows label="Loading deliveries" rows={3} />
      ) : log.isError ? (
        <ErrorState message={log.error.message} onRetry={() => log.refetch()} retrying={log.isFetching} />
      ) : attempts.length === 0 ? (
        <EmptyState icon={Inbox} title={status ? `No ${status} attempts` : "No deliveries yet"} text={status ? "Try another status." : "Send a test event to see one here."} />
      ) : (
        <>
          <Table aria-label="Delivery attempts">
            <THead>
              <tr>
                <Th>Event</Th><Th className="hidden sm:table-cell">Attempt</Th><Th>Status</Th><Th className="hidden sm:table-cell">Response</Th>
                <Th className="hidden md:table-cell">Duration</Th><Th className="hidden md:table-cell">Time</Th><Th><span className="sr-only">Details</span></Th>
              </tr>
            </THead>
            <TBody>
              {attempts.map((a) => (
                <Tr key={a.attempt_id}>
                  <Td className="font-mono text-xs">{a.type}</Td>
                  <Td className="hidden sm:table-cell">{a.attempt}{a.trigger === "manual" && <span className="ml-1 text-xs text-zinc-500 dark:text-zinc-400">(resend)</span>}</Td>
                  <Td>
                    <Badge variant={ATTEMPT_TONE[a.status]}>{a.status}</Badge>
                    {a.message.status === "pending" && <span className="ml-2 text-xs text-zinc-500 dark:text-zinc-400">{messageSummary(a.message, formatDateTime)}</span>}
                  </Td>
                  <Td className="hidden font-mono text-xs sm:table-cell">{a.response_status ?? "none"}</Td>
                  <Td className="hidden md:table-cell">{a.duration_ms} ms</Td>
                  <Td className="hidden text-zinc-600 md:table-cell dark:text-zinc-400">{formatDateTime(a.at)}</Td>
                  <Td className="py-1 text-right">
                    <Button variant="ghost" size="sm" aria-label={`Details of ${a.type} attempt ${a.attempt} at ${formatDateTime(a.at)}`} data-attempt={a.attempt_id} onClick={() => setOpen(a)}>Details</Button>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
          <LoadMore query={log} />
        </>
      )}
      <AttemptSheet endpointId={endpointId} attempt={open} onClose={() => setOpen(null)} onResent={onQueued} />
    </section>
  );
}
